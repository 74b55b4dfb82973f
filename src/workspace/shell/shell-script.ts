/**
 * The POSIX `sh` side of `shellWorkspace`: a prelude of functions, and one line per operation.
 * Paths go into the script single-quoted (see {@link quote}); answers come back as fields ended by
 * a NUL byte, file contents in base64. Needs `sh` (POSIX), and from coreutils (or busybox)
 * `readlink` (one hop, no options), `stat -c`, `cat`, `tail -c`, `head -c`, `base64`, `tr -d`,
 * `mkdir -p`, `mv`, `rm`; `set -C` (noclobber) of the shell for exclusive creates.
 */

/**
 * The `rd` function of a listing that reads only the files whose name ends with one of `endings`,
 * then the listing's lines, then `rd` reading every file again.
 */
export function withReadEndings(endings: readonly string[] | undefined, body: string): string {
  if (endings === undefined) return body;
  const patterns = endings.map((ending) => `*${quote(ending)}`).join('|');
  const test = endings.length === 0 ? 'return 1' : `case $1 in ${patterns}) return 0;; esac; return 1`;
  return `rd() { ${test}; }\n${body}\nrd() { return 0; }`;
}

/** The `sk` function of a listing that enters no directory named one of `names`, around its lines. */
export function withSkippedNames(names: readonly string[] | undefined, body: string): string {
  if (names === undefined || names.length === 0) return body;
  const patterns = names.map((name) => quote(name)).join('|');
  return `sk() { case $1 in ${patterns}) return 0;; esac; return 1; }\n${body}\nsk() { return 1; }`;
}

/** Quote one argument for `sh`: airtight for every byte but NUL (paths with NUL are refused before). */
export function quote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * The functions every script starts with. `R` is the root; `walk` resolves an absolute path inside
 * it segment by segment as `localWorkspace` does (`resolveRealPath`): each symbolic link read one hop
 * with `readlink`, its target resolved lexically and refused when it leaves the root, before anything
 * below it is looked at; 40 hops at most. It sets `P` (the real path, or the real part plus the rest
 * when something is missing), `X` (1 when it exists), `K` (d, f or o), `S` (1 when the last segment
 * was a link), or prints the refusal and returns 1.
 *
 * Records: `E path ok S K real size mtime`, `E path missing`, `E path outside link target`,
 * `E path loop`; `C base64` after an `E` of a read file; `L path` before a listing's entries;
 * `O index` before each operation; `W ok|error code`; `Z` at the very end. `rd name` says whether a
 * file of that name is read (every one, unless a listing's `endings` redefine it for its lines);
 * `sk name` whether a directory of that name is left unlisted (none, unless a listing's `skip` says).
 */
export function prelude(root: string): string {
  return `R=${quote(root)}
n() { printf '%s\\000' "$@"; }
norm() {
  N=; s=\${1#/}
  while :; do
    case $s in */*) g=\${s%%/*}; s=\${s#*/};; *) g=$s; s=;; esac
    case $g in ''|.) ;; ..) N=\${N%/*};; *) N=$N/$g;; esac
    case $s in '') break;; esac
  done
  [ -n "$N" ] || N=/
}
rd() { return 0; }
sk() { return 1; }
lk() { if [ -L "$1" ]; then printf 1; else printf 0; fi; }
inside() { [ "$R" = / ] && return 0; case $1 in "$R"|"$R"/*) return 0;; esac; return 1; }
walk() {
  c=$R; h=0; S=0; K=d; X=1
  if [ "$R" = / ]; then r=\${1#/}; else r=\${1#"$R"}; r=\${r#/}; fi
  while [ -n "$r" ]; do
    case $r in */*) g=\${r%%/*}; r=\${r#*/};; *) g=$r; r=;; esac
    case $g in ''|.) continue;; esac
    if [ "$c" = / ]; then q=/$g; else q=$c/$g; fi
    if [ -L "$q" ]; then
      h=$((h + 1))
      if [ $h -gt 40 ]; then n E "$1" loop "$(lk "$1")"; return 1; fi
      t=$(readlink -- "$q" && printf x) || { P=$q; X=0; return 0; }
      t=\${t%x}; t=\${t%?}
      case $t in /*) ;; *) t=$c/$t;; esac
      norm "$t"
      if ! inside "$N"; then n E "$1" outside "$(lk "$1")" "$q" "$N"; return 1; fi
      # A link that is the last segment makes the path a link, whatever its target's segments are.
      [ -n "$r" ] || S=1
      if [ "$R" = / ]; then t=\${N#/}; else t=\${N#"$R"}; t=\${t#/}; fi
      if [ -n "$t" ] && [ -n "$r" ]; then r=$t/$r; elif [ -n "$t" ]; then r=$t; fi
      c=$R; K=d
      continue
    fi
    if [ -d "$q" ]; then K=d; c=$q
    elif [ -e "$q" ]; then
      if [ -f "$q" ]; then K=f; else K=o; fi
      c=$q
      if [ -n "$r" ]; then P=$q/$r; X=0; return 0; fi
    else
      if [ -n "$r" ]; then P=$q/$r; else P=$q; fi
      X=0; return 0
    fi
  done
  P=$c
}
d() {
  walk "$1" || return 0
  if [ $X = 0 ]; then n E "$1" missing "$(lk "$1")"; return 0; fi
  n E "$1" ok $S $K "$P" "$(stat -c '%s %.3Y %F' -- "$P" 2>/dev/null)"
  if [ $K = f ] && [ "$3" != - ] && rd "\${1##*/}"; then
    n C
    if [ -z "$3" ] && [ "$4" = 0 ]; then cat -- "$P"; else tail -c +$(($4 + 1)) -- "$P" | head -c \${3:-999999999999}; fi | base64 | tr -d '\\n'
    printf '\\000'
  fi
  if [ $K = d ] && [ "$2" -gt 0 ]; then
    n L "$1"
    if [ "$1" = / ]; then b=; else b=$1; fi
    for f in "$b"/* "$b"/.[!.]* "$b"/..?*; do
      [ -e "$f" ] || [ -L "$f" ] || continue
      if sk "\${f##*/}"; then d "$f" 0 "$3" 0; else d "$f" $(($2 - 1)) "$3" 0; fi
    done
  fi
}
w() {
  if [ "\${1%/*}" = '' ]; then a=/; else a=\${1%/*}; fi
  walk "$a" || return 0
  if [ $X = 1 ] && [ $K != d ]; then n W error not-found; return 0; fi
  if [ $X = 0 ]; then mkdir -p -- "$P" 2>/dev/null || { n W error write-failed; return 0; }; fi
  if [ "$2" = 1 ]; then
    # Create only: the name is taken below the real parent, never through a link at the path, and
    # the open itself is exclusive (noclobber), so a file created meanwhile is not replaced.
    if [ "$P" = / ]; then e=/\${1##*/}; else e=$P/\${1##*/}; fi
    if [ -e "$e" ] || [ -L "$e" ]; then n W error already-exists; return 0; fi
    ( set -C; { base64 -d >&3 || exit 8; } 3>"$e" || exit 9 ) 2>/dev/null
    case $? in
      0) n W ok;;
      9) if [ -e "$e" ] || [ -L "$e" ]; then n W error already-exists; else n W error write-failed; fi;;
      *) n W error write-failed;;
    esac
    return 0
  fi
  walk "$1" || return 0
  if [ $X = 1 ] && [ $K != f ]; then n W error not-a-file "$(stat -c %F -- "$P" 2>/dev/null)"; return 0; fi
  t=$P.agent-context-$$.tmp
  if base64 -d > "$t" 2>/dev/null && mv -f -- "$t" "$P"; then n W ok; else rm -f -- "$t"; n W error write-failed; fi
}
x() {
  if [ "\${1%/*}" = '' ]; then a=/; else a=\${1%/*}; fi
  walk "$a" || return 0
  if [ $X = 0 ] || [ $K != d ]; then n W error not-found; return 0; fi
  if [ "$P" = / ]; then e=/\${1##*/}; else e=$P/\${1##*/}; fi
  if [ -L "$e" ]; then :
  elif [ -d "$e" ]; then n W error not-a-file directory; return 0
  elif [ ! -e "$e" ]; then n W error not-found; return 0
  fi
  if rm -f -- "$e" 2>/dev/null; then n W ok; else n W error write-failed; fi
}
`;
}
