package io.agentruns.server.auth;

import io.agentruns.core.error.ApiException;
import io.agentruns.core.error.ErrorCode;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/** Hands the authenticated {@link Caller} to controller methods that declare it. */
public class CallerArgumentResolver implements HandlerMethodArgumentResolver {

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return parameter.getParameterType() == Caller.class;
    }

    @Override
    public Object resolveArgument(MethodParameter parameter, ModelAndViewContainer mav, NativeWebRequest request,
                                  WebDataBinderFactory binderFactory) {
        Object caller = request.getAttribute(ApiKeyAuthInterceptor.CALLER_ATTRIBUTE, RequestAttributes.SCOPE_REQUEST);
        if (caller == null) {
            throw new ApiException(ApiException.Kind.UNAUTHENTICATED, ErrorCode.AUTHENTICATION_REQUIRED,
                    "missing Authorization header; send Authorization: Bearer <API key>");
        }
        return caller;
    }
}
