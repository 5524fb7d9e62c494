package io.agentruns.server.http;

import io.agentruns.core.error.ErrorCode;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Replaces Spring Boot's whitelabel /error page: errors raised outside Spring MVC (filters, the
 * servlet container) also answer problem+json, never HTML or a stack trace.
 */
@RestController
public class ProblemErrorController implements ErrorController {

    @RequestMapping("/error")
    public void error(HttpServletRequest req, HttpServletResponse res) throws IOException {
        Object code = req.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer i ? i : 500;
        if (status < 400) {
            status = 500;
        }
        ErrorCode errorCode = switch (status) {
            case 401 -> ErrorCode.AUTHENTICATION_REQUIRED;
            case 403 -> ErrorCode.NOT_AUTHORIZED;
            case 404 -> ErrorCode.RESOURCE_NOT_FOUND;
            case 503 -> ErrorCode.RESOURCE_UNAVAILABLE;
            default -> status >= 500 ? ErrorCode.INTERNAL_ERROR : ErrorCode.INVALID_REQUEST;
        };
        String detail = status == 404 ? "no route " + req.getAttribute(RequestDispatcher.ERROR_REQUEST_URI)
                : status >= 500 ? "internal error" : "the request could not be processed";
        ProblemWriter.write(req, res, status, errorCode, detail);
    }
}
