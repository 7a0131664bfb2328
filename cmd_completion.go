package main

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"
)

// The bash and zsh scripts are urfave/cli's autocomplete scripts (MIT
// licence) with the program name filled in: they ask urix itself for the
// candidates with --generate-bash-completion.
const bashCompletion = `# bash completion for urix; load with: source <(urix completion bash)
_urix_complete() {
  local cur words cword
  COMPREPLY=()
  cur="${COMP_WORDS[COMP_CWORD]}"
  words=("${COMP_WORDS[@]:0:$COMP_CWORD}")
  local request="${words[*]} --generate-bash-completion"
  if [[ "$cur" == "-"* ]]; then
    request="${words[*]} ${cur} --generate-bash-completion"
  fi
  local opts
  opts=$(eval "${request}" 2>/dev/null)
  COMPREPLY=($(compgen -W "${opts}" -- "${cur}"))
  return 0
}
complete -o bashdefault -o default -o nospace -F _urix_complete urix
`

const zshCompletion = `#compdef urix
# zsh completion for urix; load with: source <(urix completion zsh)
_urix_complete() {
  local -a opts
  local cur
  cur=${words[-1]}
  if [[ "$cur" == "-"* ]]; then
    opts=("${(@f)$(${words[@]:0:#words[@]-1} ${cur} --generate-bash-completion)}")
  else
    opts=("${(@f)$(${words[@]:0:#words[@]-1} --generate-bash-completion)}")
  fi
  if [[ "${opts[1]}" != "" ]]; then
    _describe 'values' opts
  else
    _files
  fi
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
