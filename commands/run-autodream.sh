#!/bin/sh
# The slash commands (/dream, /dream-status) run `autodream` through this, so they find it
# where the hook wrapper (hooks/run-autodream-hook.sh) finds `autodream-hook`: the package
# installs both in one bin dir, so a person who set AUTODREAM_HOOK_BIN for the hook, or has
# pipx's ~/.local/bin off PATH, gets a working /dream too.

if [ -n "${AUTODREAM_HOOK_BIN:-}" ] && [ -x "${AUTODREAM_HOOK_BIN%/*}/autodream" ]; then
    bin="${AUTODREAM_HOOK_BIN%/*}/autodream"
elif bin="$(command -v autodream 2>/dev/null)"; then
    :
elif [ -x "${HOME:-/nonexistent}/.local/bin/autodream" ]; then
    bin="$HOME/.local/bin/autodream"
else
    plugin_dir="$(cd "${0%/*}/.." 2>/dev/null && pwd)"
    # on stdout: it is what the command's prompt shows Claude
    echo "autodream: command not found (not on PATH, in ~/.local/bin, nor beside" \
        "\$AUTODREAM_HOOK_BIN); install the package with" \
        "'pipx install ${plugin_dir:-<plugin dir>}' or set AUTODREAM_HOOK_BIN"
    exit 127
fi

exec "$bin" "$@"
