# Sourced by the benchmark scripts: one nginx on a free loopback port answering every request with a
# tiny static JSON (keep-alive on, no access log). Needs WORK (a temp dir); optional PRIO (array,
# e.g. chrt -f 10). start_nginx sets NGINX_URL and NGINX_PID; stop_nginx stops it.
NGINX_PID=""
stop_nginx() {
    if [[ -n "$NGINX_PID" ]]; then kill "$NGINX_PID" 2>/dev/null || true; wait "$NGINX_PID" 2>/dev/null || true; NGINX_PID=""; fi
}

start_nginx() {
    local nginx port
    nginx=$(command -v nginx || echo /usr/sbin/nginx)
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()' 2>/dev/null || echo 18080)
    mkdir -p "$WORK/nginx/tmp"
    cat >"$WORK/nginx/nginx.conf" <<CONF
# One worker: on a 2-core box the client under test gets the other core.
worker_processes 1;
daemon off;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    keepalive_timeout 75s;
    keepalive_requests 100000000;
    client_body_temp_path $WORK/nginx/tmp/body;
    proxy_temp_path $WORK/nginx/tmp/proxy;
    fastcgi_temp_path $WORK/nginx/tmp/fastcgi;
    uwsgi_temp_path $WORK/nginx/tmp/uwsgi;
    scgi_temp_path $WORK/nginx/tmp/scgi;
    server {
        listen 127.0.0.1:$port;
        location / {
            default_type application/json;
            return 200 '{"ok":true,"service":"bench"}';
        }
    }
}
CONF
    "${PRIO[@]}" "$nginx" -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx" &
    NGINX_PID=$!
    NGINX_URL="http://127.0.0.1:$port/"
    for _ in $(seq 50); do
        curl -fsS -o /dev/null "$NGINX_URL" 2>/dev/null && break
        sleep 0.1
    done
    curl -fsS -o /dev/null "$NGINX_URL" || { echo "nginx did not come up" >&2; cat "$WORK/nginx/error.log" >&2; exit 1; }
}
