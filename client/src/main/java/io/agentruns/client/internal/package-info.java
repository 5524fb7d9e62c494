/** Implementation details of the SDK (transport, retries, event following); not a stable API. */
package io.agentruns.client.internal;
