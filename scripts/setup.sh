# Sourced by the other scripts: idempotent installs of what the project needs.

# need_apt COMMAND PACKAGE...: installs Debian packages when COMMAND is missing.
need_apt() {
  local cmd=$1; shift
  if ! command -v "$cmd" >/dev/null 2>&1; then
    echo "installing $* (Debian packages)" >&2
    local sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
  fi
}
