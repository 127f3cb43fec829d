# The servers, delay proxies and HOME the benchmarks share; sourced by bench/run.sh and
# bench/scale/run.sh after they set OUT, NET, BENCH_HOME, RESULTS, PY, RTT_MS, SSH_KEX and
# TRANSPORTS (start_transport also reads TRANSPORT, UP and N). Needs bench/lib.sh's tools.
# ---- servers and proxies ---------------------------------------------------------------------

DAEMON_PID="" SSHD_PID="" LIGHTTPD_PID="" PROXY_PID="" SSH_USER="" SSH_USER_MADE=""
SSHD_PORT="" HTTPS_PORT="" SSH_PROXY_PORT="" HTTPS_PROXY_PORT=""

stop_pid() { # stop_pid <pid>: SIGTERM, then wait for it (it is a child of this shell)
    [ -n "$1" ] || return 0
    kill "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}

# Processes of the throwaway ssh user: the sessions of the sshd this run started.
user_pids() { ps -o pid= -u "$1" 2>/dev/null | tr -d ' ' || true; }

remove_ssh_user() { # remove_ssh_user <name>
    local pid
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        for pid in $(user_pids "$1"); do kill -KILL "$pid" 2>/dev/null || true; done
        # userdel refuses while the user has processes, or while another tool holds the lock
        # on /etc/passwd (the tests make users too).
        userdel "$1" 2>/dev/null && return 0
        sleep 0.2
    done
    echo "bench: could not remove the user $1 (userdel $1)" >&2
}

cleanup() {
    stop_pid "$PROXY_PID"
    stop_pid "$DAEMON_PID"
    stop_pid "$SSHD_PID"
    stop_pid "$LIGHTTPD_PID"
    PROXY_PID="" DAEMON_PID="" SSHD_PID="" LIGHTTPD_PID=""
    if [ -n "$SSH_USER_MADE" ]; then
        remove_ssh_user "$SSH_USER"
        SSH_USER_MADE=""
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
    $PY -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

wait_for_log() { # wait_for_log <file> <text> <pid> <what>: until file has text; fails if pid ends
    local i
    for i in $(seq 1 150); do
        grep -qF -- "$2" "$1" 2>/dev/null && return 0
        kill -0 "$3" 2>/dev/null || break
        sleep 0.1
    done
    echo "bench: $4 did not start; its log ($1):" >&2
    tail -n 20 "$1" >&2 || true
    return 1
}

# sshd on 127.0.0.1 with a host key, config and authorized_keys of its own in $NET/ssh, and a
# client key pair in $BENCH_HOME/.ssh. Sets SSHD_PORT, SSHD_PID and SSH_USER.
start_sshd() {
    local dir="$NET/ssh" run_as=()
    mkdir -p "$dir/home"
    ssh-keygen -q -t ed25519 -N "" -C "grex bench host" -f "$dir/ssh_host_ed25519_key"
    ssh-keygen -q -t ed25519 -N "" -C "grex bench client" -f "$BENCH_HOME/.ssh/id_ed25519"
    cp "$BENCH_HOME/.ssh/id_ed25519.pub" "$dir/authorized_keys"
    if [ "$(id -u)" -eq 0 ]; then
        # A root sshd needs /run/sshd and its privilege-separation user; an unprivileged one
        # needs neither but accepts only its own user. So, as the tests do, sshd runs as a
        # throwaway user, and the clients log in as it. Users left by a run that was killed
        # (grexbench<pid> of a process that is gone) go first.
        local old
        for old in $(getent passwd | awk -F: '/^grexbench[0-9]+:/ {print $1}'); do
            kill -0 "${old#grexbench}" 2>/dev/null || remove_ssh_user "$old"
        done
        SSH_USER="grexbench$$"
        useradd --no-create-home --no-log-init --home-dir "$dir/home" --shell /bin/sh \
            --password '*' "$SSH_USER"
        SSH_USER_MADE=1
        # The upstreams belong to root: upload-pack, run as this user, must accept them.
        printf '[safe]\n\tdirectory = *\n' >"$dir/home/.gitconfig"
        chown -R "$SSH_USER:" "$dir"
        run_as=(setpriv "--reuid=$SSH_USER" "--regid=$(id -g "$SSH_USER")" --init-groups)
        if ! setpriv "--reuid=$SSH_USER" "--regid=$(id -g "$SSH_USER")" --init-groups \
            test -r "$OUT/work"; then
            echo "bench: $SSH_USER cannot read $OUT/work; every folder above it must be" \
                "searchable by others" >&2
            return 1
        fi
    else
        SSH_USER="$(id -un)"
    fi
    for _ in 1 2 3; do
        SSHD_PORT="$(free_port)"
        # Key logins of one user on loopback from an sshd that needs no root: no PAM, no
        # checks of the bench folders' permissions. AcceptEnv GIT_PROTOCOL lets git speak
        # protocol v2 over ssh, as forges do; MaxStartups is high because gita opens every
        # connection at once.
        cat >"$dir/sshd_config" <<EOF
ListenAddress 127.0.0.1
Port $SSHD_PORT
HostKey $dir/ssh_host_ed25519_key
PidFile $dir/sshd.pid
AuthorizedKeysFile $dir/authorized_keys
AuthenticationMethods publickey
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PermitRootLogin no
PrintMotd no
PrintLastLog no
X11Forwarding no
AllowAgentForwarding no
AllowTcpForwarding no
AcceptEnv GIT_PROTOCOL
SetEnv GIT_CONFIG_NOSYSTEM=1
MaxStartups 4096
LogLevel INFO
EOF
        # OpenSSH 9.2 prefers the post-quantum sntrup761x25519 exchange, which costs about
        # 70 ms of CPU on each side per connection here. On loopback the server's half lands
        # on the same two cores as the tools, where a forge's would not, and turns the network
        # runs CPU-bound: the server offers curve25519 only (as many forges do), unless
        # --ssh-kex says otherwise. Every client negotiates the same.
        if [ "$SSH_KEX" != default ]; then
            echo "KexAlgorithms $SSH_KEX" >>"$dir/sshd_config"
        fi
        [ -n "$SSH_USER_MADE" ] && chown "$SSH_USER:" "$dir/sshd_config"
        # sshd re-executes itself for every connection, so it needs its absolute path.
        env -i PATH=/usr/sbin:/usr/bin:/bin "${run_as[@]}" \
            /usr/sbin/sshd -D -e -f "$dir/sshd_config" >>"$dir/sshd.log" 2>&1 &
        SSHD_PID=$!
        if wait_for_log "$dir/sshd.log" "Server listening on 127.0.0.1 port $SSHD_PORT." \
            "$SSHD_PID" sshd; then
            return 0
        fi
        stop_pid "$SSHD_PID"
        SSHD_PID=""
        grep -q "Address already in use" "$dir/sshd.log" || return 1
    done
    return 1
}

# lighttpd on 127.0.0.1 serving git-http-backend over TLS below /git/, with basic
# authentication, for the repositories below $OUT/work. Sets HTTPS_PORT, LIGHTTPD_PID,
# HTTPS_PASSWORD and HTTPS_CA.
start_lighttpd() {
    local dir="$NET/https"
    mkdir -p "$dir/htdocs"
    # A CA and a server certificate for 127.0.0.1 signed by it; EC keys, made in milliseconds.
    cat >"$dir/openssl.cnf" <<'EOF'
[req]
distinguished_name = dn
[dn]
[ca_ext]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[server_ext]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = IP:127.0.0.1, DNS:localhost
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
EOF
    local req=(openssl req -x509 -config "$dir/openssl.cnf" -nodes -days 30 -newkey ec
        -pkeyopt ec_paramgen_curve:P-256)
    "${req[@]}" -keyout "$dir/ca.key" -out "$dir/ca.pem" -extensions ca_ext \
        -subj "/CN=grex bench CA" 2>/dev/null
    "${req[@]}" -keyout "$dir/server.key" -out "$dir/server.pem" -extensions server_ext \
        -subj "/CN=127.0.0.1" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" 2>/dev/null
    HTTPS_CA="$dir/ca.pem"
    HTTPS_PASSWORD="$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
    printf 'bench:%s\n' "$HTTPS_PASSWORD" >"$dir/users" # mod_authn_file's plain backend
    chmod 600 "$dir/users"
    for _ in 1 2 3; do
        HTTPS_PORT="$(free_port)"
        # git-http-backend gets the rest of the URL after /git as PATH_INFO. Limits are high
        # because gita opens every connection at once.
        cat >"$dir/lighttpd.conf" <<EOF
server.modules = ("mod_openssl", "mod_auth", "mod_authn_file", "mod_alias", "mod_setenv", "mod_cgi")
server.document-root = "$dir/htdocs"
server.bind = "127.0.0.1"
server.port = $HTTPS_PORT
server.max-fds = 16384
server.max-connections = 4096
server.listen-backlog = 4096
ssl.engine = "enable"
ssl.pemfile = "$dir/server.pem"
ssl.privkey = "$dir/server.key"
auth.backend = "plain"
auth.backend.plain.userfile = "$dir/users"
alias.url = ("/git/" => "/usr/lib/git-core/git-http-backend/")
\$HTTP["url"] =~ "^/git/" {
    cgi.assign = ("" => "")
    setenv.set-environment = ("GIT_PROJECT_ROOT" => "$OUT/work",
                              "GIT_HTTP_EXPORT_ALL" => "1",
                              "GIT_CONFIG_NOSYSTEM" => "1",
                              "PATH" => "/usr/bin:/bin")
    auth.require = ("" => ("method" => "basic", "realm" => "grex bench",
                           "require" => "valid-user"))
}
EOF
        env -i PATH=/usr/sbin:/usr/bin:/bin \
            /usr/sbin/lighttpd -D -f "$dir/lighttpd.conf" >>"$dir/lighttpd.log" 2>&1 &
        LIGHTTPD_PID=$!
        if wait_for_log "$dir/lighttpd.log" "server started" "$LIGHTTPD_PID" lighttpd; then
            return 0
        fi
        stop_pid "$LIGHTTPD_PID"
        LIGHTTPD_PID=""
        grep -q "Address already in use" "$dir/lighttpd.log" || return 1
    done
    return 1
}

# start_proxy <listen port> <target port> <stats file>: bench/delayproxy.py in front of a
# server. Sets PROXY_PID.
start_proxy() {
    local portfile="$NET/proxy.port" i
    rm -f "$portfile"
    $PY "$BENCH/delayproxy.py" --listen "$1" --target "$2" --rtt-ms "$RTT_MS" --stats \
        >"$portfile" 2>"$3" &
    PROXY_PID=$!
    for i in $(seq 1 100); do
        [ -s "$portfile" ] && break
        kill -0 "$PROXY_PID" 2>/dev/null || break
        sleep 0.05
    done
    if [ "$(cat "$portfile" 2>/dev/null)" != "$1" ]; then
        echo "bench: the delay proxy did not start on port $1:" >&2
        cat "$3" >&2
        return 1
    fi
    # The link's delay must not grow when the tools keep both cores busy: where allowed (as
    # root), the proxy runs ahead of them.
    renice -n -10 -p "$PROXY_PID" >/dev/null 2>&1 || true
}

stop_proxy() {
    stop_pid "$PROXY_PID" # on SIGTERM it writes its --stats line
    PROXY_PID=""
}

# ---- the tools' environment ------------------------------------------------------------------

# One HOME for every tool. OpenSSH takes the home directory from the password database, not
# from $HOME, so ssh would read the caller's ~/.ssh/config whatever HOME says. Instead the
# HOME's .gitconfig names the run's ssh config with core.sshCommand = ssh -F <file>: every
# tool here (grex, gita, mr, vcs, xargs, meta) runs the git executable, and git reads that
# setting for all of them alike, so all of them reach the server through the same ssh set-up.
# (git runs a core.sshCommand with arguments through /bin/sh: one more exec per connection,
# for every tool.) The other way, running the tools as a throwaway user whose home is this
# folder, would need the build tree, the workspaces and the upstreams handed to that user.
setup_home() {
    rm -rf "$BENCH_HOME"
    mkdir -p "$BENCH_HOME/.ssh"
    chmod 700 "$BENCH_HOME/.ssh"
    local config="$BENCH_HOME/.gitconfig"
    git config --file "$config" user.name "grex bench"
    git config --file "$config" user.email "bench@grex.invalid"
    git config --file "$config" core.sshCommand "ssh -F $(printf %q "$BENCH_HOME/.ssh/config")"
    git config --file "$config" credential.helper store
    export HOME="$BENCH_HOME" GIT_CONFIG_NOSYSTEM=1
    # The caller's CA bundle variables override http.sslCAInfo; agents, askpass helpers,
    # proxies and git settings in the environment would give the tools another set-up.
    unset GIT_SSL_CAINFO GIT_SSL_CAPATH SSL_CERT_FILE SSL_CERT_DIR CURL_CA_BUNDLE \
        REQUESTS_CA_BUNDLE GIT_SSH GIT_SSH_COMMAND GIT_ASKPASS SSH_ASKPASS SSH_AUTH_SOCK \
        GIT_CONFIG_GLOBAL GIT_CONFIG_PARAMETERS GIT_CONFIG_COUNT XDG_CONFIG_HOME \
        http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY no_proxy NO_PROXY
}

# Starts what the network transports in $TRANSPORTS need, once for the whole run: the servers
# serve every N (sshd by absolute path, lighttpd below $OUT/work). The proxies are started
# per tool (start_transport).
setup_network() {
    rm -rf "$NET"
    mkdir -p "$NET"
    if [[ " $TRANSPORTS " == *" ssh "* ]]; then
        start_sshd
        SSH_PROXY_PORT="$(free_port)"
        cat >"$BENCH_HOME/.ssh/config" <<EOF
Host benchforge
    HostName 127.0.0.1
    Port $SSH_PROXY_PORT
    User $SSH_USER
    IdentityFile $BENCH_HOME/.ssh/id_ed25519
    IdentitiesOnly yes
    UserKnownHostsFile $BENCH_HOME/.ssh/known_hosts
    GlobalKnownHostsFile /dev/null
    StrictHostKeyChecking yes
    UpdateHostKeys no
    BatchMode yes
EOF
        echo "[127.0.0.1]:$SSH_PROXY_PORT $(cut -d' ' -f1,2 "$NET/ssh/ssh_host_ed25519_key.pub")" \
            >"$BENCH_HOME/.ssh/known_hosts"
        check_transport ssh "benchforge:$NET/check.git" "$SSH_PROXY_PORT" "$SSHD_PORT" \
            "$NET/ssh/sshd.log"
    fi
    if [[ " $TRANSPORTS " == *" https "* ]]; then
        start_lighttpd
        HTTPS_PROXY_PORT="$(free_port)"
        git config --file "$BENCH_HOME/.gitconfig" http.sslCAInfo "$HTTPS_CA"
        printf 'https://bench:%s@127.0.0.1:%s\n' "$HTTPS_PASSWORD" "$HTTPS_PROXY_PORT" \
            >"$BENCH_HOME/.git-credentials"
        chmod 600 "$BENCH_HOME/.git-credentials"
        check_transport https "https://127.0.0.1:$HTTPS_PROXY_PORT/git/net/check.git" \
            "$HTTPS_PROXY_PORT" "$HTTPS_PORT" "$NET/https/lighttpd.log"
    fi
}

# check_transport <name> <url> <proxy port> <server port> <server log>: git ls-remote of a small
# repository through the proxy must work before anything is timed.
check_transport() {
    [ -d "$NET/check.git" ] || git init -q --bare -b main "$NET/check.git"
    start_proxy "$3" "$4" "$NET/proxy-check-$1.txt"
    if ! git ls-remote "$2" >/dev/null 2>"$NET/check-$1.err"; then
        echo "bench: git ls-remote $2 failed:" >&2
        cat "$NET/check-$1.err" >&2
        echo "bench: the end of $5:" >&2
        tail -n 20 "$5" >&2
        return 1
    fi
    stop_proxy
}

# Serves $UP over $TRANSPORT for the next tool; sets BASE, the URL the repositories' names
# follow. $1: the tool variant (names the proxy's stats file).
start_transport() {
    case "$TRANSPORT" in
    file)
        BASE="file://$UP"
        ;;
    daemon)
        PORT="$(free_port)"
        git daemon --reuseaddr --listen=127.0.0.1 --port="$PORT" --base-path="$UP" \
            --export-all --max-connections=0 "$UP" 2>/dev/null &
        DAEMON_PID=$!
        sleep 0.5
        BASE="git://127.0.0.1:$PORT"
        ;;
    ssh)
        start_proxy "$SSH_PROXY_PORT" "$SSHD_PORT" "$RESULTS/proxy-n$N-$TRANSPORT-$1.txt"
        BASE="benchforge:$UP"
        ;;
    https)
        start_proxy "$HTTPS_PROXY_PORT" "$HTTPS_PORT" "$RESULTS/proxy-n$N-$TRANSPORT-$1.txt"
        BASE="https://127.0.0.1:$HTTPS_PROXY_PORT/git/${UP#"$OUT/work/"}"
        ;;
    esac
}

stop_transport() {
    stop_pid "$DAEMON_PID"
    DAEMON_PID=""
    stop_proxy
}

