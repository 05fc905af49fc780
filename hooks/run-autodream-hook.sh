#!/bin/sh
# Claude Code runs this on Stop and SessionEnd with the hook JSON on stdin.
#
# The plugin only carries this wrapper; the work is done by the `autodream-hook` console
# script of the installed Python package (pipx install <this plugin's dir>).
# When that script cannot be found we say so on stderr (Claude Code shows it in its debug
# output, `claude --debug`) and exit 0: a missing optional tool must never fail or block
# the user's turn, and exit code 2 would make a Stop hook keep Claude talking.

# AUTODREAM_HOOK_BIN: an explicit path, for installs outside PATH.
if [ -n "${AUTODREAM_HOOK_BIN:-}" ]; then
    hook="$AUTODREAM_HOOK_BIN"
elif hook="$(command -v autodream-hook 2>/dev/null)"; then
    :
elif [ -x "${HOME:-/nonexistent}/.local/bin/autodream-hook" ]; then
    # pipx's default bin dir, often missing from PATH when Claude Code is started by a GUI.
    hook="$HOME/.local/bin/autodream-hook"
else
    hook=""
fi

if [ -z "$hook" ] || [ ! -x "$hook" ]; then
    # The plugin dir is the package's source tree: that is what to install.
    plugin_dir="$(cd "${0%/*}/.." 2>/dev/null && pwd)"
    echo "autodream plugin: 'autodream-hook' not found on PATH (${PATH:-unset});" \
        "install the package with 'pipx install ${plugin_dir:-<plugin dir>}' or set" \
        "AUTODREAM_HOOK_BIN." \
        "Skipping consolidation." >&2
    exit 0
fi

exec "$hook"
