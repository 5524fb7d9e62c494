package io.agentruns.server.auth;

import io.agentruns.core.identity.IdentityRepository;
import java.time.Clock;
import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** Puts API-key authentication in front of every controller method. */
@Configuration(proxyBeanMethods = false)
public class AuthWebConfig implements WebMvcConfigurer {
    private final IdentityRepository identities;
    private final Clock clock;

    public AuthWebConfig(IdentityRepository identities, Clock clock) {
        this.identities = identities;
        this.clock = clock;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new ApiKeyAuthInterceptor(identities, clock));
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new CallerArgumentResolver());
    }
}
