# Sourced by the gRPC bench scripts: a gRPC server Brink did not write (grpc-go's examples/features/reflection server:
# helloworld.Greeter with server reflection) inside a network namespace of its own (the Go example listens on all
# interfaces; in the namespace that is only its loopback), pinned to CPU 1, and ghz, both built from the Go module
# proxy on first use. start_grpc_peer WORKDIR sets NS, SERVER (the server's PID, for SIGSTOP), ADDR, CALL, GOBIN_DIR
# (ghz is $GOBIN_DIR/ghz) and PROTO_DIR (helloworld.proto's directory), and removes the namespace when the calling
# script exits. Needs root (ip netns), go and taskset.
start_grpc_peer() {
  local work=$1 port=50051
  command -v go >/dev/null || { echo "go not found: the grpc-go server and ghz are built with it" >&2; exit 2; }
  # a module of our own: the examples' go.mod has replace directives, so 'go install pkg@version' refuses it
  GOBIN_DIR=${BRINK_GO_BIN:-/tmp/brink-go-bin}
  mkdir -p "$GOBIN_DIR"
  if [[ ! -x "$GOBIN_DIR/reflection-server" ]]; then
    (cd "$work" && mkdir mod && cd mod && go mod init brinkbench >/dev/null 2>&1 \
      && go get google.golang.org/grpc/examples/features/reflection/server@latest >/dev/null 2>&1 \
      && go build -o "$GOBIN_DIR/reflection-server" google.golang.org/grpc/examples/features/reflection/server)
  fi
  [[ -x "$GOBIN_DIR/ghz" ]] || GOBIN="$GOBIN_DIR" go install github.com/bojand/ghz/cmd/ghz@latest
  PROTO_DIR=$(ls -d "$(go env GOMODCACHE)"/google.golang.org/grpc/examples@*/helloworld/helloworld | tail -1)
  NS=brinkgrpc$$
  ip netns add "$NS"
  trap 'kill -CONT $SERVER 2>/dev/null; kill $SERVER 2>/dev/null; ip netns del "$NS" 2>/dev/null || true' EXIT
  ip netns exec "$NS" ip link set lo up
  # ip netns exec and taskset exec, so $! is the server itself (a shell function in the background would be a forked
  # shell, and SIGSTOP would stop that shell and not the server)
  ip netns exec "$NS" taskset -c 1 "$GOBIN_DIR/reflection-server" -port "$port" >"$work/server.log" 2>&1 &
  SERVER=$!
  sleep 1
  [[ $(cat /proc/$SERVER/comm) == reflection-serv* ]] || { echo "server PID $SERVER is $(cat /proc/$SERVER/comm)" >&2; exit 1; }
  ADDR=127.0.0.1:$port
  CALL=helloworld.Greeter/SayHello
}

# brink_home NAME JAR [LAUNCHER]: a directory laid out as a Brink checkout holding only the launcher (the current
# ./brink unless given) and JAR, so that JAR runs through a launcher as users run it (its JVM options, its class-data
# archives beside the jar) with nothing to build. Prints the launcher's path.
brink_home() {
  local home=$WORK/home-$1
  mkdir -p "$home/brink-cli/target" "$home/brink-sample/target"
  cp "${3:-$ROOT/brink}" "$home/brink"
  cp "$2" "$home/brink-cli/target/brink.jar"
  touch "$home/brink-sample/target/brink-sample.jar"
  echo "$home/brink"
}
