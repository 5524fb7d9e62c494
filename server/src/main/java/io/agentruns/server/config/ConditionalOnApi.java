package io.agentruns.server.config;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;

/**
 * Marks beans of the HTTP API: present in {@code serve} mode, absent in {@code worker} mode
 * ({@code agentruns.mode=worker}, set by {@code agentruns worker}), where only health answers.
 * The worker loop itself (package {@code io.agentruns.server.execution}) runs in both modes and
 * may check {@link AgentrunsProperties#mode()} for anything serve-only.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ConditionalOnProperty(prefix = "agentruns", name = "mode", havingValue = "serve", matchIfMissing = true)
public @interface ConditionalOnApi {
}
