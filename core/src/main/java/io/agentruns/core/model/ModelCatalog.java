package io.agentruns.core.model;

/**
 * Knows which language models runs may name. The agent module provides the registry that maps
 * model ids to providers; run creation asks it to resolve the requested id.
 */
public interface ModelCatalog {

    /**
     * The model id a run will use: {@code requested}, or the default when it is null.
     *
     * @throws io.agentruns.core.error.ApiException 422 {@code invalid_request} for an unknown model id
     */
    String resolve(String requested);
}
