package io.agentruns.server.http;

import io.agentruns.core.error.ErrorCode;
import io.agentruns.model.Problem;
import io.agentruns.model.WireJson;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpStatus;

/**
 * Writes problem+json bodies straight to the servlet response, bypassing content negotiation so
 * that a client's {@code Accept} can never turn an error into HTML or a second error.
 * Used by {@link ApiExceptionAdvice}, {@link ProblemErrorController} and the filters.
 */
public final class ProblemWriter {
    /** The {@code type} URI is this base plus the error code. */
    public static final String TYPE_BASE = "https://agentruns.dev/errors/";

    private ProblemWriter() {
    }

    public static Problem problem(HttpServletRequest request, int status, ErrorCode code, String detail) {
        String title = titleOf(status);
        boolean retryable = status == 429 || status >= 500;
        String instance = instanceOf(request);
        return new Problem(TYPE_BASE + code.wireName(), title, status, detail, instance,
                detail == null ? title : title + ": " + detail, code.wireName(), retryable,
                TraceIdFilter.traceIdOf(request));
    }

    public static void write(HttpServletRequest request, HttpServletResponse response, int status, ErrorCode code,
                             String detail) throws IOException {
        write(response, problem(request, status, code, detail));
    }

    public static void write(HttpServletResponse response, Problem problem) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        response.resetBuffer();
        response.setStatus(problem.status());
        response.setContentType(Problem.MEDIA_TYPE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        if (problem.status() == 401) {
            response.setHeader("WWW-Authenticate", "Bearer");
        }
        if (problem.status() == 503 || problem.status() == 429) {
            if (response.getHeader("Retry-After") == null) {
                response.setHeader("Retry-After", "5");
            }
        }
        byte[] body = WireJson.mapper().writeValueAsBytes(problem);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
        response.flushBuffer();
    }

    private static String instanceOf(HttpServletRequest request) {
        Object original = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        return original instanceof String s ? s : request.getRequestURI();
    }

    private static String titleOf(int status) {
        HttpStatus known = HttpStatus.resolve(status);
        return known != null ? known.getReasonPhrase() : "Error";
    }
}
