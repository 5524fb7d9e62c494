package io.agentruns.store.identity;

import io.agentruns.core.identity.AuthenticatedKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Active API keys by the SHA-256 of their value, so that an authenticated request does not read
 * {@code api_keys} each time (docs/performance.md, read). Holds only hashes and what the key lookup
 * returns (never a secret: invariant 8), and only keys that were found active: unknown keys are
 * never cached, so random keys cannot fill it.
 * <p>Bound: at most {@code maxEntries} keys (an arbitrary one is dropped to make room; about 1 KiB
 * each, so the default 10,000 is ~10 MiB at most), each served for at most {@code ttl} after it was
 * read. Expiry is checked against the clock on every hit.
 * <p>Revocation: {@link #invalidateKey} at once on the node that revoked (CachingIdentityRepository)
 * and, through PostgreSQL NOTIFY, on every other node (ApiKeyRevocationListener, which also
 * {@link #clear clears} everything when it (re)connects, as it may have missed notifications); the
 * TTL is the safety net when a notification is lost. A lookup that started before an invalidation
 * does not put its (possibly stale) result in the cache: every invalidation bumps a generation.
 */
public final class ApiKeyCache {
    public static final int DEFAULT_MAX_ENTRIES = 10_000;
    public static final Duration DEFAULT_TTL = Duration.ofSeconds(5);

    private record Entry(AuthenticatedKey key, Instant staleAt) {
    }

    private final ConcurrentHashMap<String, Entry> byHash = new ConcurrentHashMap<>();
    private final AtomicLong generation = new AtomicLong();
    private final Object writeLock = new Object();
    private final Clock clock;
    private final Duration ttl;
    private final int maxEntries;

    public ApiKeyCache(Clock clock, Duration ttl, int maxEntries) {
        if (maxEntries < 1 || ttl.isNegative()) {
            throw new IllegalArgumentException("maxEntries must be >= 1 and ttl >= 0");
        }
        this.clock = clock;
        this.ttl = ttl;
        this.maxEntries = maxEntries;
    }

    public ApiKeyCache(Clock clock) {
        this(clock, DEFAULT_TTL, DEFAULT_MAX_ENTRIES);
    }

    /** The active key with this hash: from the cache when fresh, else from {@code loader} (then cached). */
    public Optional<AuthenticatedKey> find(String keyHash, Function<String, Optional<AuthenticatedKey>> loader) {
        Instant now = clock.instant();
        Entry cached = byHash.get(keyHash);
        if (cached != null && now.isBefore(cached.staleAt())) {
            if (cached.key().key().isActive(now)) {
                return Optional.of(cached.key());
            }
            byHash.remove(keyHash, cached); // expired since it was read
            return Optional.empty();
        }
        long before = generation.get();
        Optional<AuthenticatedKey> loaded = loader.apply(keyHash);
        synchronized (writeLock) {
            if (loaded.isEmpty()) {
                byHash.remove(keyHash);
            } else if (generation.get() == before) {
                makeRoom();
                byHash.put(keyHash, new Entry(loaded.get(), now.plus(ttl)));
            }
        }
        return loaded;
    }

    /** Forgets the key with this id (revoked, or its row changed); lookups in flight do not re-add it. */
    public void invalidateKey(UUID keyId) {
        synchronized (writeLock) {
            generation.incrementAndGet();
            byHash.values().removeIf(e -> e.key().key().id().equals(keyId));
        }
    }

    /** Forgets every key (e.g. notifications may have been missed). */
    public void clear() {
        synchronized (writeLock) {
            generation.incrementAndGet();
            byHash.clear();
        }
    }

    int size() {
        return byHash.size();
    }

    private void makeRoom() {
        Iterator<String> keys = byHash.keySet().iterator();
        while (byHash.size() >= maxEntries && keys.hasNext()) {
            keys.next();
            keys.remove();
        }
    }
}
