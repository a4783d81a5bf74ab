vcl 4.1;

# Varnish in front of the storefront server (docs/cdn.md, "Varnish"). It keeps what the server lets a
# shared cache keep (s-maxage, sent when CDN_PURGE is set), files each answer under its Surrogate-Key
# (xkey), and drops them when the publisher sends `PURGE` with an `xkey-purge` header (CDN_PURGE=varnish,
# CDN_PURGE_URLS listing every Varnish). Needs varnish-modules for xkey:
#   apt-get install -y varnish varnish-modules
#   varnishd -a :6081 -f /etc/varnish/shop.vcl -s malloc,1g

import std;
import xkey;

# The storefront server (one replica here; a director or HAProxy in front of several).
backend storefront {
    .host = "127.0.0.1";
    .port = "4321";
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    # A sick origin is not asked: pages are served from grace instead (vcl_recv).
    .probe = {
        .url = "/robots.txt";
        .interval = 5s;
        .timeout = 2s;
        .window = 5;
        .threshold = 3;
        .initial = 3;
    }
}

# Who may purge: the publisher's hosts. Add the replicas' addresses when they are not on this host.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (req.http.xkey-purge) {
            set req.http.n-gone = xkey.purge(req.http.xkey-purge);
        } elseif (req.http.xkey-softpurge) {
            # Stale, not gone: served within grace while it is fetched again.
            set req.http.n-gone = xkey.softpurge(req.http.xkey-softpurge);
        } else {
            return (synth(400, "PURGE needs an xkey-purge header"));
        }
        return (synth(200, "Invalidated " + req.http.n-gone + " objects"));
    }

    # The shopper's own answers and everything that changes state go straight to the server.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # /trade and /trade-prices: a Trade customer's state and prices, sent to their session only (private).
    # /returns: a customer's or a guest's returns; /guarantee: registering a machine; /service-bookings: a
    # customer's bookings; /admin: the service team's day list, by its bearer token; /collect: stock at the
    # collection points and a basket's reservation, live answers never cached.
    if (req.url ~ "^/(rest|session|orders|returns|wishlist|product-alerts|productalert|purchase-orders|requisition-lists|negotiable-quotes|company-account|my-machines|guarantee|account|reviews|payments|rebuild|healthz|trade|trade-prices|service-bookings|admin|collect)(/|\?|$)") {
        return (pass);
    }
    # A purchase order's or a quote's page: the server asks Magento for the session's customer first and
    # answers 404 when it is none of theirs (src/server/shopper/record-page.ts).
    if (req.url ~ "^/company/(purchase-orders/[^/?]|quotes/view(/|\?|$))") {
        return (pass);
    }

    # The site's pages are the same for everyone: cookies (the session's) do not change them.
    unset req.http.Cookie;
    unset req.http.Authorization;
    # Campaign parameters do not change a page either; one copy for all of them.
    if (req.url ~ "[?&](utm_[a-z]+|gclid|fbclid)=") {
        set req.url = regsuball(req.url, "(?<=[?&])(utm_[a-z]+|gclid|fbclid)=[^&]*&?", "");
        set req.url = regsub(req.url, "[?&]$", "");
    }

    # Brotli survives Varnish's own gzip handling (which would ask the server for gzip only): the
    # chosen encoding is part of the cache key and asked of the server as it is (vcl_backend_fetch).
    if (req.http.Accept-Encoding ~ "\bbr\b") {
        set req.http.X-Encoding = "br";
    } elseif (req.http.Accept-Encoding ~ "\bgzip\b") {
        set req.http.X-Encoding = "gzip";
    } else {
        unset req.http.X-Encoding;
    }

    # A healthy server is asked soon after a page goes stale; a sick one leaves a day of grace.
    if (std.healthy(req.backend_hint)) {
        set req.grace = 10s;
    }
    return (hash);
}

sub vcl_hash {
    hash_data(req.url);
    if (req.http.host) {
        hash_data(req.http.host);
    } else {
        hash_data(server.ip);
    }
    if (req.http.X-Encoding) {
        hash_data(req.http.X-Encoding);
    }
    return (lookup);
}

sub vcl_backend_fetch {
    if (bereq.http.X-Encoding) {
        set bereq.http.Accept-Encoding = bereq.http.X-Encoding;
    } else {
        unset bereq.http.Accept-Encoding;
    }
    unset bereq.http.X-Encoding;
}

sub vcl_backend_response {
    # The server's surrogate keys file the object for xkey.purge.
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    # Kept past its lifetime, for a sick server (vcl_recv); s-maxage itself is honoured by Varnish.
    set beresp.grace = 24h;
}

sub vcl_deliver {
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    # The keys are for this cache; a cache behind it (a proxy, a browser) would keep pages nobody purges.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    if (resp.http.Cache-Control ~ "s-maxage") {
        set resp.http.Cache-Control = regsub(resp.http.Cache-Control, ",\s*s-maxage=\d+", "");
    }
}
