import { quote } from './shell-script.js';

/** Bytes of one `.gitignore` read at most (as the search tools' walk reads them). */
export const scannedGitignoreBytes = 256 * 1024;

/**
 * The `t` operation of a `shellWorkspace` script: one directory's tree for the search tools, with
 * GNU `find` (`-printf`, `-readable`), GNU `grep` (`-P`, `-Z`), `xargs -0`, `head`, `base64`.
 *
 * Records, after the start's `E` (and nothing more when it is refused, missing or not a directory):
 * `E`/`C` of the `.gitignore` of each directory from the root down to the start's parent; `T ok`, or
 * `T no` and nothing more when a tool is missing; `F type size mtime path` for each entry below (find's
 * `%y`, `.git` left out), `P path` for a directory left unlisted (a plain name in a `.gitignore` from
 * the root to the start, none of which re-includes anything; or unreadable), `U path` for an
 * unreadable file; `G path base64` for each `.gitignore` below; with lines, `N base64` (grep's byte
 * offset of the first NUL of each file holding one) and `M base64` (grep's `-n -H -Z` lines).
 *
 * `mode` is `f` (listing) or `s` (lines); `maxBytes` the largest file whose lines are found;
 * `holding` the text every line found holds, or `''` for every line of each file without a NUL;
 * `maxLinesBytes` the bytes of grep's lines output kept at most: one byte more is printed when there
 * are more, so the reader knows the lines are cut.
 */
export function treeScanLine(
  start: string,
  mode: 'f' | 's',
  maxBytes: number,
  holding: string,
  maxLinesBytes: number,
): string {
  const kept = Math.max(0, Math.floor(maxLinesBytes)) + 1;
  return `${treeScanFunction}\nt ${quote(start)} ${mode} ${Math.max(0, Math.floor(maxBytes))} ${quote(holding)} ${kept}`;
}

const treeScanFunction = `j() { if [ "$1" = / ]; then J=/$2; else J=$1/$2; fi; }
pn() {
  walk "$1" || return 0
  [ $X = 1 ] && [ $K = f ] && [ $S = 0 ] || return 0
  while IFS= read -r QL || [ -n "$QL" ]; do
    QL=\${QL%"$QC"}
    case $QL in '!'*) QZ=1;; esac
    QL=\${QL%/}
    case $QL in ''|.|..|*[!A-Za-z0-9._-]*) ;; *) QQ="$QQ -o -name $QL";; esac
  done < "$P"
}
t() {
  walk "$1" || return 0
  if [ $X = 0 ]; then n E "$1" missing "$(lk "$1")"; return 0; fi
  n E "$1" ok $S $K "$P" "$(stat -c '%s %.3Y %F' -- "$P" 2>/dev/null)"
  [ $K = d ] || return 0
  QP=$P; QQ=; QZ=0; QC=$(printf '\\r')
  if [ $S = 1 ]; then QB=$P; else QB=$1; fi
  if [ "$QB" != "$R" ]; then
    QA=$R
    if [ "$R" = / ]; then QR=\${QB#/}; else QR=\${QB#"$R"}; QR=\${QR#/}; fi
    while :; do
      j "$QA" .gitignore; d "$J" 0 ${scannedGitignoreBytes} 0; pn "$J"
      case $QR in */*) QG=\${QR%%/*}; QR=\${QR#*/};; *) break;; esac
      j "$QA" "$QG"; QA=$J
    done
  fi
  if ! find "$QP" -maxdepth 0 -readable -printf '' >/dev/null 2>&1 || ! printf 'a\\n' | LC_ALL=C grep -q -a -Z -P 'a' 2>/dev/null || ! printf '' | xargs -0 -r true 2>/dev/null; then n T no; return 0; fi
  n T ok
  # Directories a plain line of a .gitignore from the root down names, unless one re-includes.
  j "$QP" .gitignore; pn "$J"
  if [ -z "$QQ" ] || [ $QZ = 1 ]; then QQ=-false; else QQ=\${QQ# -o }; fi
  (
    cd -- "$QP" || exit 0
    QO="-mindepth 1 ( -name .git -prune ) -o ( -type d ( $QQ ) -prune ) -o ( -type d ! ( -readable -executable ) -prune )"
    find . -mindepth 1 \\( -name .git -prune \\) -o \\( -type d \\( $QQ \\) -printf 'P\\0%P\\0' -prune \\) -o \\( -type d ! \\( -readable -executable \\) -printf 'P\\0%P\\0' -prune \\) -o \\( -type f ! -readable -printf 'U\\0%P\\0' \\) -o -printf 'F\\0%y\\0%s\\0%T@\\0%P\\0'
    find . $QO -o -type f -name .gitignore -readable -exec sh -c 'for f; do printf "G\\0%s\\0" "\${f#./}"; head -c ${scannedGitignoreBytes} -- "$f" | base64 | tr -d "\\n"; printf "\\0"; done' sh {} +
    [ "$2" = s ] || exit 0
    printf 'N\\0'
    find . $QO -o -type f -readable -exec env LC_ALL=C grep -a -b -o -m1 -H -Z -P '\\x00' -- {} + | base64 | tr -d '\\n'
    printf '\\0M\\0'
    if [ -n "$4" ]; then
      find . $QO -o -type f -readable -size -$(($3 + 1))c -exec env LC_ALL=C grep -a -n -H -Z -F -e "$4" -- {} + | head -c "$5" | base64 | tr -d '\\n'
    else
      find . $QO -o -type f -readable -size -$(($3 + 1))c -exec env LC_ALL=C grep -L -Z -a -P '\\x00' -- {} + | xargs -0 -r env LC_ALL=C grep -a -n -H -Z -e '' -- | head -c "$5" | base64 | tr -d '\\n'
    fi
    printf '\\0'
  )
}`;
