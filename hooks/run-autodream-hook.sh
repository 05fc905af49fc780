#!/bin/sh
# Claude Code runs this on Stop and SessionEnd with the hook JSON on stdin.
#
# The plugin only carries this wrapper; the work is done by the `autodream-hook` console
# script of the installed Python package (pipx install <this plugin's dir>).
# When that script cannot be found we say so on stderr (Claude Code shows it in its debug
# output, `claude --debug`) and exit 0: a missing optional tool must never fail or block
# the user's turn, and exit code 2 would make a Stop hook keep Claude talking.
#
# The lookup is the one `autodream install --project` writes (claude_settings.SHARED_COMMAND),
# in the same order with the same fallbacks: the first executable file of $AUTODREAM_HOOK_BIN
# (an explicit path, for installs outside PATH), PATH, and ~/.local/bin (pipx's default bin
# dir, often missing from PATH when Claude Code is started by a GUI). A bad
# AUTODREAM_HOOK_BIN falls through to the others, and the message below names it.
# AUTODREAM_HOOK_BIN serves this hook only: /dream and /dream-status run `autodream` from PATH.

for hook in "${AUTODREAM_HOOK_BIN:-}" "$(command -v autodream-hook 2>/dev/null)" \
    "${HOME:-/nonexistent}/.local/bin/autodream-hook"; do
    [ -f "$hook" ] && [ -x "$hook" ] && exec "$hook"
done

# The plugin dir is the package's source tree: that is what to install.
plugin_dir="$(cd "${0%/*}/.." 2>/dev/null && pwd)"
bad_bin=""
if [ -n "${AUTODREAM_HOOK_BIN:-}" ]; then
    bad_bin=" (AUTODREAM_HOOK_BIN=$AUTODREAM_HOOK_BIN is not an executable file)"
fi
echo "autodream plugin: 'autodream-hook' not found${bad_bin} on PATH (${PATH:-unset}) nor" \
    "in ~/.local/bin; install the package with 'pipx install ${plugin_dir:-<plugin dir>}'" \
    "or set AUTODREAM_HOOK_BIN to its full path. /dream and /dream-status need" \
    "'autodream' on PATH (AUTODREAM_HOOK_BIN serves this hook only)." \
    "Skipping consolidation." >&2
exit 0
