package io.agentruns.server.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.MDC;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Gives every request a trace id: echoed in {@code X-Trace-Id}, in every problem body's
 * {@code trace_id} and in the log lines of the request (MDC {@code trace_id}).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public class TraceIdFilter extends OncePerRequestFilter {
    public static final String ATTRIBUTE = TraceIdFilter.class.getName() + ".traceId";
    public static final String HEADER = "X-Trace-Id";
    private static final HexFormat HEX = HexFormat.of();

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String traceId = newTraceId();
        request.setAttribute(ATTRIBUTE, traceId);
        response.setHeader(HEADER, traceId);
        MDC.put("trace_id", traceId);
        try {
            chain.doFilter(request, response);
        } finally {
            MDC.remove("trace_id");
        }
    }

    @Override
    protected boolean shouldNotFilterErrorDispatch() {
        return true; // the error dispatch keeps the attribute of the original request
    }

    /** The request's trace id; a fresh one when the filter did not run (e.g. container errors). */
    public static String traceIdOf(HttpServletRequest request) {
        Object value = request.getAttribute(ATTRIBUTE);
        return value instanceof String s ? s : newTraceId();
    }

    /**
     * 128 random bits as 32 hex digits. A trace id only correlates log lines with a response, it
     * grants nothing, so it comes from ThreadLocalRandom: the shared SecureRandom serialises
     * concurrent requests on its lock (docs/performance.md, read).
     */
    static String newTraceId() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return HEX.toHexDigits(random.nextLong()) + HEX.toHexDigits(random.nextLong());
    }
}
