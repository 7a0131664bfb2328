package cli

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"
)

// The scripts ask urix itself for the candidates (see complete): the words
// before the cursor, the word being completed, then
// --generate-bash-completion; and add file names when its last line is
// ":files". They never fall back to file names on their own. A line is a
// word, or a word, a tab and its description, which zsh and fish show
// beside it (fish reads that form itself) and bash leaves out.

const bashCompletion = `# bash completion for urix; load with: source <(urix completion bash)
_urix() {
  local cur=${COMP_WORDS[COMP_CWORD]} line files=
  COMPREPLY=()
  while IFS= read -r line; do
    if [[ $line == :files ]]; then
      files=1
    elif [[ -n $line ]]; then
      COMPREPLY+=("${line%%$'\t'*}")
    fi
  done < <("${COMP_WORDS[0]}" "${COMP_WORDS[@]:1:COMP_CWORD-1}" "$cur" --generate-bash-completion 2>/dev/null)
  if [[ -n $files ]]; then
    [[ $cur == = ]] && cur=
    compopt -o filenames 2>/dev/null
    while IFS= read -r line; do
      COMPREPLY+=("$line")
    done < <(compgen -f -- "$cur")
  fi
  return 0
}
complete -F _urix urix
`

// The zsh script works sourced (it starts the completion system with
// compinit when nothing has, as "compdef" needs it) and as an autoloaded
// _urix in $fpath.
const zshCompletion = `#compdef urix
# zsh completion for urix; load with: source <(urix completion zsh)
# (after compinit if your .zshrc runs it; without it, compinit is run
# here), or save it as _urix in a directory of $fpath.
_urix() {
  local -a lines cands shown
  local line files= width=0 tab=$'\t'
  for line in "${(@f)$(${(Q)words[1]} "${(@Q)words[2,CURRENT-1]}" "${(Q)words[CURRENT]}" --generate-bash-completion 2>/dev/null)}"; do
    if [[ $line == :files ]]; then
      files=1
    elif [[ -n $line ]]; then
      lines+=("$line")
      cands+=("${line%%$'\t'*}")
      (( ${#cands[-1]} > width )) && width=${#cands[-1]}
    fi
  done
  if (( ${lines[(I)*${tab}*]} )); then
    # "word TAB description": the words in a column, as zsh shows options.
    for line in "${lines[@]}"; do
      if [[ $line == *$'\t'* ]]; then
        shown+=("${(r:width:)${line%%$'\t'*}}  -- ${line#*$'\t'}")
      else
        shown+=("$line")
      fi
    done
    compadd -l -d shown -a cands
  elif (( ${#cands} )); then
    compadd -a cands
  fi
  [[ -n $files ]] && _files
  return 0
}
if [[ $funcstack[1] == _urix ]]; then
  _urix "$@"
else
  (( $+functions[compdef] )) || { autoload -Uz compinit && compinit -i }
  compdef _urix urix
fi
`

const fishCompletion = `# fish completion for urix; load with: urix completion fish | source
# or save it: urix completion fish > ~/.config/fish/completions/urix.fish
function __urix_complete
    set -l words (commandline -opc)
    set -l cur (commandline -ct)
    for line in ($words[1] $words[2..] $cur --generate-bash-completion 2>/dev/null)
        if test "$line" = :files
            __fish_complete_path $cur
        else if test -n "$line"
            printf '%s\n' $line
        end
    end
end
complete -c urix -f -a '(__urix_complete)'
`

// shells are the shells "urix completion" has a script for, with it.
var shells = []struct{ name, script string }{
	{"bash", bashCompletion},
	{"zsh", zshCompletion},
	{"fish", fishCompletion},
}

// shellNames are the names of shells, as "urix completion" takes them.
var shellNames = func() []string {
	var names []string
	for _, s := range shells {
		names = append(names, s.name)
	}
	return names
}()

func (e *env) completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print the shell completion script of " + orList(shellNames),
		ArgsUsage: strings.Join(shellNames, "|"),
		Description: "Examples:\n" +
			"  source <(urix completion bash)       in ~/.bashrc\n" +
			"  source <(urix completion zsh)        in ~/.zshrc\n" +
			"  urix completion fish > ~/.config/fish/completions/urix.fish",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return withStatus(exitError, fmt.Errorf("completion: name one shell: %s", orList(shellNames)))
			}
			name := c.Args().First()
			for _, s := range shells {
				if s.name == name {
					_, err := fmt.Fprint(e.stdout, s.script)
					return err
				}
			}
			return withStatus(exitError, fmt.Errorf("completion: unknown shell %q (want %s)", name, orList(shellNames)))
		},
	}
}
