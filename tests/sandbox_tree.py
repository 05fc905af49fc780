"""A realistic, hostile file tree for sandbox and tool tests.

Claude Code's layout: the sessions dir holds transcripts and the live memory dir; the dream's
memory root is a staging copy inside the memory dir's hidden state. Around it sit things the
subagent must never reach: a fake home with SSH keys, an outside dir, secrets in the project.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from autodream.sandbox import Sandbox
from autodream.tools import ToolBox, ToolLimits

SESSION_ID = "0b7a5a3e-1111-4222-8333-944455556666"
ANTHROPIC_KEY = "sk-ant-api03-" + "Zx9" * 12
AWS_KEY = "AKIA" + "ABCDEFGHIJKLMNOP"
OUTSIDE_SECRET = "outside secret: do not leak\n"


@dataclass
class Tree:
    base: Path
    memory: Path  # the staging copy: the sandbox's memory root
    real_memory: Path
    sessions: Path
    project: Path
    outside: Path
    home: Path
    trash: Path

    def sandbox(self) -> Sandbox:
        return Sandbox(
            memory=self.memory,
            sessions=self.sessions,
            project=self.project,
            excluded=[self.real_memory],
        )

    def toolbox(self, limits: ToolLimits | None = None, phase: str = "orient") -> ToolBox:
        box = ToolBox(self.sandbox(), self.trash, limits or ToolLimits())
        box.phase = phase
        return box


def build_tree(base: Path) -> Tree:
    home = base / "home"
    outside = base / "outside"
    sessions = base / "claude" / "projects" / "-home-user-proj"
    real_memory = sessions / "memory"
    memory = real_memory / ".autodream" / "staging" / "run1"
    trash = real_memory / ".autodream" / "trash" / "run1"
    project = base / "proj"
    for d in (home / ".ssh", outside / "dir", memory / "sub", project / "src", project / ".git"):
        d.mkdir(parents=True)

    (home / ".ssh" / "id_rsa").write_text("-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n")
    (outside / "secret.txt").write_text(OUTSIDE_SECRET)
    (outside / "notes.md").write_text(OUTSIDE_SECRET)
    (outside / "dir" / "inner.md").write_text(OUTSIDE_SECRET)
    (outside / "hard.txt").write_text(OUTSIDE_SECRET)

    (real_memory / "MEMORY.md").write_text("- [Live](live.md) — the live index\n")
    (real_memory / "live.md").write_text("live memory, not the staging copy\n")
    (real_memory / ".consolidate-lock").write_text("4242\n")
    (real_memory / ".autodream" / "DREAMS.md").write_text("# dreams\n")

    (memory / "MEMORY.md").write_text(
        "- [Build](build.md) — how to build\n- [Style](style.md) — code style\n"
    )
    (memory / "build.md").write_text(
        "---\nname: build\ndescription: how to build\ntype: project\n---\n"
        "Run make test.\nRun make lint.\n"
    )
    (memory / "style.md").write_text("Use ruff.\nUse ruff.\n")
    (memory / "sub" / "deep.md").write_text("deep note\n")
    (memory / ".consolidate-lock").write_text("4242\n")
    (memory / ".autodream").mkdir()
    (memory / ".autodream" / "DREAMS.md").write_text("# dreams\n")
    # hostile entries inside the memory root
    os.symlink(outside, memory / "outlink")
    os.symlink(outside / "secret.txt", memory / "evil.md")
    os.symlink("chain2.md", memory / "chain1.md")
    os.symlink("../" * 7 + "outside/notes.md", memory / "chain2.md")
    os.symlink("/dev/zero", memory / "zero.md")
    os.symlink("build.md", memory / "alias.md")  # inner symlink: stays inside, may be read
    os.link(outside / "hard.txt", memory / "hard.md")
    os.mkfifo(memory / "fifo.md")

    (sessions / f"{SESSION_ID}.jsonl").write_text(
        '{"type":"user","message":{"content":"deploy with key '
        + ANTHROPIC_KEY
        + '"}}\n{"type":"assistant","message":{"content":"done, the build uses make"}}\n'
    )
    (sessions / "notes.txt").write_text("plain line\n")
    os.symlink(outside, sessions / "leak")

    (project / "README.md").write_text("# proj\nbuild with make\n")
    (project / "src" / "app.py").write_text(f'AWS = "{AWS_KEY}"\nprint("hi")\n')
    (project / ".env").write_text("API_KEY=abcdef123456\n")
    (project / ".env.production").write_text("API_KEY=abcdef123456\n")
    (project / ".git" / "config").write_text("[remote]\nurl = https://u:pw@example.com/r\n")
    (project / "id_rsa").write_text("-----BEGIN RSA PRIVATE KEY-----\nAAAA\n")
    (project / "server.key").write_text("key\n")
    (project / "prod.pem").write_text("pem\n")
    (project / ".npmrc").write_text("//registry:_authToken=x\n")
    (project / ".aws").mkdir()
    (project / ".aws" / "credentials").write_text("[default]\n")
    os.symlink(home / ".ssh", project / "keys")
    os.symlink("/dev/zero", project / "devzero")
    os.symlink("README.md", project / "readme-link.md")
    if os.geteuid() == 0:
        os.mknod(project / "chardev", 0o600 | stat.S_IFCHR, os.makedev(1, 5))
    return Tree(base, memory, real_memory, sessions, project, outside, home, trash)


def snapshot(base: Path, skip: Path | None = None) -> dict[str, str]:
    """Type, mode and content hash (or link target) of every entry under ``base``."""
    out: dict[str, str] = {}
    for dirpath, dirnames, filenames in os.walk(base, followlinks=False):
        here = Path(dirpath)
        if skip is not None and (here == skip or skip in here.parents):
            dirnames[:] = []
            continue
        for name in dirnames + filenames:
            path = here / name
            if skip is not None and path == skip:
                continue
            st = os.lstat(path)
            rel = str(path.relative_to(base))
            if stat.S_ISLNK(st.st_mode):
                out[rel] = "link:" + os.readlink(path)
            elif stat.S_ISREG(st.st_mode):
                digest = hashlib.sha256(path.read_bytes()).hexdigest()
                out[rel] = f"file:{stat.S_IMODE(st.st_mode):o}:{st.st_nlink}:{digest}"
            else:
                out[rel] = f"other:{stat.S_IFMT(st.st_mode):o}:{stat.S_IMODE(st.st_mode):o}"
    return out
