package io.agentruns.server.webhooks;

import io.agentruns.core.error.ApiException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which webhook targets are acceptable: absolute http(s) URLs with a host and no user info; and,
 * when configured, none whose host resolves into a denied address range. The deny-list is off by
 * default because self-hosted receivers usually live on a private network. It is checked at
 * create/update time and again before each delivery (DNS can change).
 */
public final class WebhookUrlPolicy {
    /** Loopback, RFC 1918, link-local, CGNAT, "this network", IPv6 ULA/link-local/loopback. */
    public static final List<String> PRIVATE_RANGES = List.of("127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12",
            "192.168.0.0/16", "169.254.0.0/16", "100.64.0.0/10", "0.0.0.0/8", "::1/128", "fc00::/7", "fe80::/10", "::/128");

    private final List<Cidr> denied;

    public WebhookUrlPolicy(List<String> deniedCidrs) {
        List<Cidr> parsed = new ArrayList<>();
        for (String c : deniedCidrs) {
            if (c != null && !c.isBlank()) {
                parsed.add(Cidr.parse(c.trim()));
            }
        }
        this.denied = List.copyOf(parsed);
    }

    public static WebhookUrlPolicy allowAll() {
        return new WebhookUrlPolicy(List.of());
    }

    /** Throws 400 invalid_request when the URL is not acceptable; returns the normalised URI. */
    public URI validate(String url) {
        if (url == null || url.isBlank()) {
            throw ApiException.invalid("url is required");
        }
        if (url.length() > 2000) {
            throw ApiException.invalid("url is longer than 2000 characters");
        }
        URI uri;
        try {
            uri = new URI(url.trim());
        } catch (URISyntaxException e) {
            throw ApiException.invalid("url is not a valid URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw ApiException.invalid("url must use http or https");
        }
        if (uri.getHost() == null || uri.getHost().isBlank()) {
            throw ApiException.invalid("url must name a host");
        }
        if (uri.getRawUserInfo() != null) {
            throw ApiException.invalid("url must not contain user info");
        }
        if (uri.getRawFragment() != null) {
            throw ApiException.invalid("url must not contain a fragment");
        }
        String denial = deniedReason(uri);
        if (denial != null) {
            throw ApiException.invalid(denial);
        }
        return uri;
    }

    /** Null when the target may be called; else why not. */
    public String deniedReason(URI uri) {
        if (denied.isEmpty()) {
            return null;
        }
        String host = uri.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            return "url host does not resolve";
        }
        for (InetAddress a : addresses) {
            for (Cidr c : denied) {
                if (c.contains(a)) {
                    return "url resolves to a denied address range (" + c.text() + ")";
                }
            }
        }
        return null;
    }

    record Cidr(String text, byte[] network, int prefix) {
        static Cidr parse(String text) {
            int slash = text.indexOf('/');
            String addr = slash < 0 ? text : text.substring(0, slash);
            try {
                byte[] bytes = InetAddress.getByName(addr).getAddress();
                int prefix = slash < 0 ? bytes.length * 8 : Integer.parseInt(text.substring(slash + 1));
                if (prefix < 0 || prefix > bytes.length * 8) {
                    throw new IllegalArgumentException("bad prefix in " + text);
                }
                return new Cidr(text, bytes, prefix);
            } catch (UnknownHostException | NumberFormatException e) {
                throw new IllegalArgumentException("not a CIDR range: " + text, e);
            }
        }

        boolean contains(InetAddress address) {
            byte[] a = address.getAddress();
            if (a.length != network.length) {
                // IPv4-mapped IPv6 addresses are checked as IPv4.
                if (a.length == 16 && network.length == 4 && isMapped(a)) {
                    a = java.util.Arrays.copyOfRange(a, 12, 16);
                } else {
                    return false;
                }
            }
            int full = prefix / 8;
            for (int i = 0; i < full; i++) {
                if (a[i] != network[i]) {
                    return false;
                }
            }
            int rest = prefix % 8;
            if (rest == 0) {
                return true;
            }
            int mask = (0xFF << (8 - rest)) & 0xFF;
            return (a[full] & mask) == (network[full] & mask);
        }

        private static boolean isMapped(byte[] a) {
            for (int i = 0; i < 10; i++) {
                if (a[i] != 0) {
                    return false;
                }
            }
            return a[10] == (byte) 0xFF && a[11] == (byte) 0xFF;
        }
    }
}
