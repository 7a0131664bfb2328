package main

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"
)

// The bash and zsh scripts ask urix itself for the candidates (see
// complete): the words before the cursor, the word being completed, then
// --generate-bash-completion; and add file names unless an option is being
// completed.
const bashCompletion = `# bash completion for urix; load with: source <(urix completion bash)
_urix_complete() {
  local cur="${COMP_WORDS[COMP_CWORD]}"
  local IFS=$'\n'
  COMPREPLY=($("${COMP_WORDS[0]}" "${COMP_WORDS[@]:1:$((COMP_CWORD-1))}" "$cur" --generate-bash-completion 2>/dev/null))
  if [[ "$cur" != -* ]]; then
    COMPREPLY+=($(compgen -f -- "$cur"))
  fi
  return 0
}
complete -o bashdefault -o default -o filenames -F _urix_complete urix
`

const zshCompletion = `#compdef urix
# zsh completion for urix; load with: source <(urix completion zsh)
_urix_complete() {
  local cur=${words[CURRENT]}
  local -a opts
  opts=(${(f)"$(${words[1]} ${words[2,CURRENT-1]} "$cur" --generate-bash-completion 2>/dev/null)"})
  (( ${#opts} )) && compadd -a opts
  [[ "$cur" == -* ]] || _files
}
compdef _urix_complete urix
`

func (e *env) completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script (bash, zsh or fish)",
		ArgsUsage: "bash|zsh|fish",
		Description: "Examples:\n" +
			"  source <(urix completion bash)       in ~/.bashrc\n" +
			"  source <(urix completion zsh)        in ~/.zshrc\n" +
			"  urix completion fish > ~/.config/fish/completions/urix.fish",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return withStatus(exitError, errors.New("completion: name one shell: bash, zsh or fish"))
			}
			switch shell := c.Args().First(); shell {
			case "bash":
				_, err := fmt.Fprint(e.stdout, bashCompletion)
				return err
			case "zsh":
				_, err := fmt.Fprint(e.stdout, zshCompletion)
				return err
			case "fish":
				script, err := c.App.ToFishCompletion()
				if err != nil {
					return err
				}
				_, err = fmt.Fprint(e.stdout, script)
				return err
			default:
				return withStatus(exitError, fmt.Errorf("completion: unknown shell %q (want bash, zsh or fish)", shell))
			}
		},
	}
}
