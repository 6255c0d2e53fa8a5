"""Small driver for the Fairy-Stockfish command-line oracle (built by scripts/build-fs-oracle).

Used by scripts/gen-perft-reference and scripts/perft-bench. One persistent FS process per
FairyStockfish object; everything goes through FS's UCI-ish console commands:
`position fen ... [moves ...]`, `d` (board + "Fen:" + "Checkers:" lines), `go perft N`
(divide lines "e2e4: 123" then "Nodes searched: N").

Game names: "normal" (FIDE chess, FS variant "chess") and "twokingdoms" (FS variant of the same
name, loaded from scripts/oracle/twokingdoms.ini, which uses Estuary's letters N and A, so FENs
and moves need no translation).
"""

import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(os.path.dirname(HERE))
TWOKINGDOMS_INI = os.path.join(HERE, "twokingdoms.ini")

# Estuary game name -> (FS variant name, variant config file or None, board files, board ranks)
GAMES = {
    "normal": ("chess", None, 8, 8),
    "twokingdoms": ("twokingdoms", TWOKINGDOMS_INI, 10, 10),
}


# A mate as a score in centipawns (`FairyStockfish.score`).
MATE_CP = 5000


class OracleError(RuntimeError):
    pass


def build_oracle(quiet=False):
    """Run scripts/build-fs-oracle (no-op when already built); return the binary path."""
    script = os.path.join(REPO_ROOT, "scripts", "build-fs-oracle")
    out = subprocess.run([script], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL if quiet else None, text=True, check=True)
    return out.stdout.strip().splitlines()[-1]


def default_binary():
    return os.environ.get("ESTUARY_FS") or os.path.join(
        os.environ.get("ESTUARY_ORACLE_DIR", os.path.join(REPO_ROOT, "target", "oracle")),
        "fairy-stockfish-lb")


class FairyStockfish:
    def __init__(self, binary=None, game="twokingdoms"):
        self.binary = binary or default_binary()
        if not os.path.exists(self.binary):
            raise OracleError("FS binary %s not found; run scripts/build-fs-oracle" % self.binary)
        self.proc = subprocess.Popen([self.binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.version = self._readline().strip()          # "Fairy-Stockfish 021226 LB by ..."
        if not self.version.startswith("Fairy-Stockfish"):
            raise OracleError("unexpected FS banner: %r" % self.version)
        self.version = self.version.split(" by ")[0]
        self._send("uci")
        self._read_until(lambda l: l == "uciok")
        self._send("setoption name Threads value 1")
        self.game = None
        self.set_game(game)

    # -- low level -------------------------------------------------------------------------
    def _send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def _readline(self):
        line = self.proc.stdout.readline()
        if not line:
            raise OracleError("FS process ended unexpectedly")
        return line.rstrip("\n")

    def _read_until(self, pred):
        lines = []
        while True:
            line = self._readline()
            lines.append(line)
            if pred(line):
                return lines

    def sync(self):
        self._send("isready")
        return self._read_until(lambda l: l == "readyok")[:-1]

    def close(self):
        if self.proc.poll() is None:
            try:
                self._send("quit")
                self.proc.wait(timeout=5)
            except Exception:
                self.proc.kill()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- game setup ------------------------------------------------------------------------
    def set_game(self, game):
        if game not in GAMES:
            raise OracleError("unknown game %r (known: %s)" % (game, ", ".join(GAMES)))
        variant, ini, files, ranks = GAMES[game]
        if ini:
            self._send("load " + ini)
        self._send("setoption name UCI_Variant value " + variant)
        out = self.sync()
        bad = [l for l in out if l.strip() and not l.startswith("info string variant")]
        if bad:
            raise OracleError("FS complained while loading %s: %s" % (game, bad))
        self.game, self.files, self.ranks = game, files, ranks

    # -- queries ---------------------------------------------------------------------------
    def _position(self, fen, moves=()):
        cmd = "position fen " + fen
        if moves:
            cmd += " moves " + " ".join(moves)
        self._send(cmd)

    def board(self, fen, moves=()):
        """Return (fen_as_fs_writes_it, checkers list) after `moves` from `fen`."""
        self._position(fen, moves)
        self._send("d")
        lines = self.sync()
        fs_fen = checkers = None
        for l in lines:
            if l.startswith("Fen: "):
                fs_fen = l[5:].strip()
            elif l.startswith("Checkers:"):
                checkers = l[len("Checkers:"):].split()
        if fs_fen is None or checkers is None:
            raise OracleError("could not parse FS 'd' output: %s" % lines)
        return fs_fen, checkers

    def perft(self, fen, depth, moves=()):
        """Return (nodes, divide dict move->count, wall seconds) of `go perft depth`."""
        self._position(fen, moves)
        self.sync()
        t0 = time.perf_counter()
        self._send("go perft %d" % depth)
        lines = self._read_until(lambda l: l.startswith("Nodes searched:"))
        dt = time.perf_counter() - t0
        self.sync()  # swallow the blank line FS prints after the count
        nodes = int(lines[-1].split(":")[1])
        divide = {}
        for l in lines[:-1]:
            if ": " in l and not l.startswith("info"):
                mv, n = l.split(": ", 1)
                if n.strip().isdigit():
                    divide[mv.strip()] = int(n)
        return nodes, divide, dt

    def score(self, fen, depth):
        """FS's score of `fen` after `ucinewgame` (an empty hash) and `go depth N`, in
        centipawns for the side to move, from its last `info ... score` line; a mate in n is
        +-(MATE_CP - n)."""
        self._send("ucinewgame")
        self._position(fen)
        self._send("go depth %d" % depth)
        lines = self._read_until(lambda l: l.startswith("bestmove"))
        score = None
        for l in lines:
            f = l.split()
            if f[:1] == ["info"] and "score" in f:
                i = f.index("score")
                kind, n = f[i + 1], int(f[i + 2])
                score = n if kind == "cp" else (MATE_CP - abs(n)) * (1 if n > 0 else -1)
        if score is None:
            raise OracleError("no score from FS for %s: %s" % (fen, lines[-3:]))
        return score

    def legal_moves(self, fen, moves=()):
        return sorted(self.perft(fen, 1, moves)[1])


def log(*a):
    print(*a, file=sys.stderr, flush=True)
