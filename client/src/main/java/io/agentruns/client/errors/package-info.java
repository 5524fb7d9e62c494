/**
 * The SDK's exceptions: {@link io.agentruns.client.errors.ApiException} and its per-status subclasses carry
 * the problem body; {@link io.agentruns.client.errors.ApiConnectionException} and
 * {@link io.agentruns.client.errors.ApiTimeoutException} mean there was no answer.
 */
package io.agentruns.client.errors;
