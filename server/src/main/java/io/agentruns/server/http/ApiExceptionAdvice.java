package io.agentruns.server.http;

import io.agentruns.core.error.ApiException;
import io.agentruns.core.error.ErrorCode;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.ServletRequestBindingException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * THE exception-to-problem mapper: every failure of a request handled by Spring MVC becomes an
 * {@code application/problem+json} body here (filters and the container use {@link ProblemWriter}
 * and {@link ProblemErrorController} with the same format). Bad input is 4xx; only bugs and outages
 * are 5xx. Guarded by {@code BadInputTest} and {@code ErrorResponsesTest}.
 */
@RestControllerAdvice
public class ApiExceptionAdvice {
    private static final Logger log = LoggerFactory.getLogger(ApiExceptionAdvice.class);

    @ExceptionHandler(ApiException.class)
    public void api(ApiException e, HttpServletRequest req, HttpServletResponse res) throws IOException {
        ProblemWriter.write(req, res, statusOf(e.kind()), e.errorCode(), e.getMessage());
    }

    @ExceptionHandler({NoResourceFoundException.class, NoHandlerFoundException.class})
    public void noRoute(Exception e, HttpServletRequest req, HttpServletResponse res) throws IOException {
        ProblemWriter.write(req, res, 404, ErrorCode.RESOURCE_NOT_FOUND,
                "no route " + req.getMethod() + " " + req.getRequestURI());
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    public void method(HttpRequestMethodNotSupportedException e, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        if (e.getSupportedHttpMethods() != null) {
            res.setHeader("Allow", e.getSupportedHttpMethods().stream().map(Object::toString)
                    .collect(Collectors.joining(", ")));
        }
        ProblemWriter.write(req, res, 405, ErrorCode.INVALID_REQUEST,
                "method " + req.getMethod() + " is not allowed on " + req.getRequestURI());
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    public void mediaType(HttpMediaTypeNotSupportedException e, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        ProblemWriter.write(req, res, 415, ErrorCode.INVALID_REQUEST,
                "Content-Type must be application/json, was " + (req.getContentType() == null ? "absent" : req.getContentType()));
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    public void notAcceptable(HttpMediaTypeNotAcceptableException e, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        ProblemWriter.write(req, res, 406, ErrorCode.INVALID_REQUEST, "this endpoint answers application/json");
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    public void unreadable(HttpMessageNotReadableException e, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        if (causedBy(e, PayloadTooLargeException.class)) {
            ProblemWriter.write(req, res, 413, ErrorCode.INVALID_REQUEST, rootMessage(e, PayloadTooLargeException.class));
            return;
        }
        String detail = e.getMessage() != null && e.getMessage().startsWith("Required request body is missing")
                ? "request body is missing" : "request body is not valid JSON";
        ProblemWriter.write(req, res, 400, ErrorCode.INVALID_REQUEST, detail);
    }

    @ExceptionHandler(MaxUploadSizeExceededException.class)
    public void tooLarge(MaxUploadSizeExceededException e, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        ProblemWriter.write(req, res, 413, ErrorCode.INVALID_REQUEST, "request body is too large");
    }

    @ExceptionHandler({ServletRequestBindingException.class, MethodArgumentTypeMismatchException.class})
    public void binding(Exception e, HttpServletRequest req, HttpServletResponse res) throws IOException {
        String detail = e instanceof MethodArgumentTypeMismatchException m
                ? "parameter " + m.getName() + " has an invalid value" : "request is incomplete";
        ProblemWriter.write(req, res, 400, ErrorCode.INVALID_REQUEST, detail);
    }

    @ExceptionHandler({DataAccessResourceFailureException.class, TransientDataAccessException.class})
    public void databaseDown(Exception e, HttpServletRequest req, HttpServletResponse res) throws IOException {
        log.warn("database unavailable: {}", e.toString());
        res.setHeader("Retry-After", "5");
        ProblemWriter.write(req, res, 503, ErrorCode.RESOURCE_UNAVAILABLE, "the database is unavailable; retry later");
    }

    @ExceptionHandler(AsyncRequestNotUsableException.class)
    public void clientGone(AsyncRequestNotUsableException e) {
        // The client disconnected: nothing to answer.
    }

    @ExceptionHandler(Exception.class)
    public void unexpected(Exception e, HttpServletRequest req, HttpServletResponse res) throws IOException {
        if (causedBy(e, PayloadTooLargeException.class)) {
            ProblemWriter.write(req, res, 413, ErrorCode.INVALID_REQUEST, rootMessage(e, PayloadTooLargeException.class));
            return;
        }
        log.error("internal error on {} {}", req.getMethod(), req.getRequestURI(), e);
        ProblemWriter.write(req, res, 500, ErrorCode.INTERNAL_ERROR,
                "internal error; quote trace_id " + TraceIdFilter.traceIdOf(req) + " when reporting it");
    }

    static int statusOf(ApiException.Kind kind) {
        return switch (kind) {
            case BAD_REQUEST -> 400;
            case UNAUTHENTICATED -> 401;
            case FORBIDDEN -> 403;
            case NOT_FOUND -> 404;
            case CONFLICT -> 409;
            case UNPROCESSABLE -> 422;
            case RATE_LIMITED -> 429;
            case UNAVAILABLE -> 503;
        };
    }

    private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    private static String rootMessage(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return t.getMessage();
            }
        }
        return e.getMessage();
    }
}
