/**
 * Typed requests (with builders) and responses of the API, with the wire's snake_case names. Responses keep
 * the fields this SDK version does not know in {@code extra()}; unknown enum values read as {@code UNKNOWN}.
 */
package io.agentruns.client.types;
