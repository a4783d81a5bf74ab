vcl 4.1;
# The harness's stand-in for deploy/varnish/shop.vcl, used only while that file does not exist. It does
# what the topology asks of the CDN (research topology.md §5.4, §6) and nothing the storefront does not
# ask for itself: the shopper's private routes pass; everything else is cached for as long as the origin's
# Surrogate-Control max-age (or s-maxage) says, tagged by its xkey header; PURGE from loopback with an
# xkey header drops what carries those tags. Browsers' own headers are left as the origin sent them.
# The harness rewrites the backend's .host and .port to its HAProxy.

import std;
import xkey;

backend balancer {
  .host = "127.0.0.1";
  .port = "24300";
}

acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.xkey) {
      return (synth(400, "Send the tags to purge in an xkey header"));
    }
    set req.http.X-Purged = xkey.purge(req.http.xkey);
    return (synth(200, "Purged " + req.http.X-Purged + " objects"));
  }
  if (req.url ~ "^/(rest|session|orders|wishlist|payments|rebuild)(/|\?|$)") {
    return (pass);
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # The built site reads no cookie: a shopper's session cookie must not make every page a miss.
  unset req.http.Cookie;
}

sub vcl_backend_response {
  if (beresp.http.Surrogate-Control ~ "max-age=[0-9]+") {
    set beresp.ttl = std.duration(
      regsub(beresp.http.Surrogate-Control, "^.*max-age=([0-9]+).*$", "\1") + "s",
      0s
    );
  }
  set beresp.grace = 1h;
}

sub vcl_deliver {
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
  unset resp.http.xkey;
  unset resp.http.Surrogate-Control;
}
