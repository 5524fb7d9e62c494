package io.agentruns.core.error;

/**
 * A failure that answers a request with a problem document. The server maps it to the HTTP
 * status in exactly one place; domain code only says what went wrong.
 */
public class ApiException extends RuntimeException {
    private final Kind kind;
    private final ErrorCode errorCode;

    /** The class of failure; the server derives the HTTP status from it. */
    public enum Kind {
        BAD_REQUEST, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, CONFLICT, UNPROCESSABLE, RATE_LIMITED, UNAVAILABLE
    }

    public ApiException(Kind kind, ErrorCode errorCode, String detail) {
        super(detail);
        this.kind = kind;
        this.errorCode = errorCode;
    }

    public Kind kind() { return kind; }

    public ErrorCode errorCode() { return errorCode; }

    public static ApiException invalid(String detail) {
        return new ApiException(Kind.BAD_REQUEST, ErrorCode.INVALID_REQUEST, detail);
    }

    public static ApiException notFound(String detail) {
        return new ApiException(Kind.NOT_FOUND, ErrorCode.RESOURCE_NOT_FOUND, detail);
    }

    public static ApiException conflict(String detail) {
        return new ApiException(Kind.CONFLICT, ErrorCode.CONFLICT, detail);
    }

    public static ApiException unprocessable(ErrorCode code, String detail) {
        return new ApiException(Kind.UNPROCESSABLE, code, detail);
    }
}
