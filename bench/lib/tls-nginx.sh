# Sourced by the HTTPS and HTTP/2 benchmarks (tls-h2-vs-peers.sh, https-cpu-parts.sh, h2-cpu-ab.sh): one nginx worker
# pinned to CPU 1 answering "ok" over TLS with h2 by ALPN, with a certificate for 127.0.0.1 made now (brink trusts it
# with --cacert WORK/cert.pem; h2load and wrk do not verify certificates). Access log off and keep-alive unbounded, so
# the figures are the generators' and the handshake's, not nginx's logging or reconnects.
#
#   tls_nginx_start WORK PORT [EXTRA_SERVER_BLOCKS]    e.g. "server { listen 127.0.0.1:$H2C http2; location / { return 200 \"ok\\n\"; } }"
# Writes WORK/key.pem, WORK/cert.pem and WORK/nginx.conf, starts nginx and stops it when the script exits.
tls_nginx_start() {
  local work=$1 port=$2 extra=${3:-}
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj "/CN=localhost" \
      -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
  cat >"$work/nginx.conf" <<CONF
worker_processes 1;
daemon on;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 100000000;
  keepalive_timeout 300s;
  http2_max_concurrent_streams 128;
  client_body_temp_path $work/body; proxy_temp_path $work/proxy; fastcgi_temp_path $work/fcgi;
  uwsgi_temp_path $work/uwsgi; scgi_temp_path $work/scgi;
  ssl_certificate $work/cert.pem;
  ssl_certificate_key $work/key.pem;
  ssl_protocols TLSv1.2 TLSv1.3;
  ssl_session_cache shared:tls:1m;
  server { listen 127.0.0.1:$port ssl http2; location / { return 200 "ok\n"; } }
  $extra
}
CONF
  taskset -c 1 "$(command -v nginx || echo /usr/sbin/nginx)" -c "$work/nginx.conf" -p "$work"
  # shellcheck disable=SC2064
  trap "kill \$(cat '$work/nginx.pid') 2>/dev/null || true" EXIT
  sleep 0.5
}
