# Sourced by the bench scripts. One nginx worker pinned to CPU 1, answering every request with a 3-byte 200, access
# log off and keep-alive unbounded, so the figures are the generators', not nginx's logging or reconnects; stopped when
# the calling script exits (with the generator it started in the background, GENERATOR_PID, if any).
#   start_nginx WORKDIR PORT [ADDRESS]: plain HTTP/1.1 on ADDRESS:PORT (127.0.0.1 by default); sets URL.
#   start_tls_nginx WORKDIR PORT [EXTRA_SERVER_BLOCKS]: TLS with h2 by ALPN on 127.0.0.1:PORT, with a certificate for
#     127.0.0.1 made now (brink trusts it with --cacert WORKDIR/cert.pem; h2load and wrk do not verify certificates),
#     and the given server blocks beside it, e.g. "server { listen 127.0.0.1:$H2C http2; location / { return 200 \"ok\\n\"; } }".
start_nginx() {
  local work=$1 port=$2 address=${3:-127.0.0.1}
  run_nginx "$work" "" "server { listen $address:$port; location / { return 200 \"ok\\n\"; } }"
  URL="http://$address:$port/"
}
start_tls_nginx() {
  local work=$1 port=$2 extra=${3:-}
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj "/CN=localhost" \
      -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
  run_nginx "$work" "http2_max_concurrent_streams 128;
  ssl_certificate $work/cert.pem;
  ssl_certificate_key $work/key.pem;
  ssl_protocols TLSv1.2 TLSv1.3;
  ssl_session_cache shared:tls:1m;" "server { listen 127.0.0.1:$port ssl http2; location / { return 200 \"ok\\n\"; } }
  $extra"
}
# run_nginx WORKDIR HTTP_SETTINGS SERVER_BLOCKS: writes WORKDIR/nginx.conf and starts nginx
run_nginx() {
  local work=$1 settings=$2 servers=$3 nginx
  nginx=$(command -v nginx || echo /usr/sbin/nginx)
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
  client_body_temp_path $work/body; proxy_temp_path $work/proxy; fastcgi_temp_path $work/fcgi;
  uwsgi_temp_path $work/uwsgi; scgi_temp_path $work/scgi;
  $settings
  $servers
}
CONF
  taskset -c 1 "$nginx" -c "$work/nginx.conf" -p "$work"
  NGINX_PID_FILE="$work/nginx.pid"
  trap 'kill $(cat "$NGINX_PID_FILE") 2>/dev/null || true; stop_generator' EXIT
  sleep 0.5
}
# a script that runs a generator in the background sets GENERATOR_PID; it is stopped on exit too
stop_generator() { [[ -n "${GENERATOR_PID:-}" ]] && kill "$GENERATOR_PID" 2>/dev/null || true; }
