# Sourced by the bench scripts: start_nginx WORKDIR PORT [ADDRESS] starts nginx (one worker, pinned to CPU 1) answering
# every request with a 3-byte 200 on ADDRESS:PORT (127.0.0.1 by default), stops it when the calling script exits,
# and sets URL.
start_nginx() {
  local work=$1 port=$2 address=${3:-127.0.0.1} nginx
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
  server { listen $address:$port; location / { return 200 "ok\n"; } }
}
CONF
  taskset -c 1 "$nginx" -c "$work/nginx.conf" -p "$work"
  NGINX_PID_FILE="$work/nginx.pid"
  trap 'kill $(cat "$NGINX_PID_FILE") 2>/dev/null || true; stop_generator' EXIT
  sleep 0.5
  URL="http://$address:$port/"
}
# a script that runs a generator in the background sets GENERATOR_PID; it is stopped on exit too
stop_generator() { [[ -n "${GENERATOR_PID:-}" ]] && kill "$GENERATOR_PID" 2>/dev/null || true; }
