package io.agentruns.client.errors;

import java.net.http.HttpHeaders;

/**
 * The service answered with a non-2xx status. {@link #problem()} is the problem body; subclasses name
 * the statuses: see {@link #of(int, Problem, HttpHeaders, String)}.
 */
public class ApiException extends AgentrunsException {
    private final int status;
    private final Problem problem;
    private final transient HttpHeaders headers;
    private final String body;

    public ApiException(int status, Problem problem, HttpHeaders headers, String body) {
        super(status + " " + (problem == null ? "" : problem.summary()));
        this.status = status;
        this.problem = problem == null ? Problem.fromText(status, body) : problem;
        this.headers = headers;
        this.body = body;
    }

    /** The exception type for a status. */
    public static ApiException of(int status, Problem problem, HttpHeaders headers, String body) {
        return switch (status) {
            case 400 -> new BadRequestException(status, problem, headers, body);
            case 401 -> new AuthenticationException(status, problem, headers, body);
            case 403 -> new PermissionDeniedException(status, problem, headers, body);
            case 404 -> new NotFoundException(status, problem, headers, body);
            case 409 -> new ConflictException(status, problem, headers, body);
            case 422 -> new UnprocessableEntityException(status, problem, headers, body);
            case 429 -> new RateLimitException(status, problem, headers, body);
            default -> status >= 500
                    ? new InternalServerException(status, problem, headers, body)
                    : new ApiException(status, problem, headers, body);
        };
    }

    /** The HTTP status. */
    public int status() {
        return status;
    }

    /** The problem body (never null; built from the raw text when the body was not problem JSON). */
    public Problem problem() {
        return problem;
    }

    /** The stable error code, e.g. {@code invalid_request}, or null when the body had none. */
    public String errorCode() {
        return problem.errorCode();
    }

    /** The answer's headers (may be null). */
    public HttpHeaders headers() {
        return headers;
    }

    /** The raw answer body. */
    public String body() {
        return body;
    }
}
