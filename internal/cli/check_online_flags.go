package cli

import (
	"github.com/urfave/cli/v2"

	"github.com/urix/urix/extract/check"
)

// onlineFlags are the options of "urix check --online". (A placeholder
// until the online checker's own file lands: none.)
func onlineFlags() []cli.Flag { return nil }

// onlineOptions maps the online flags to check.OnlineOptions. (A
// placeholder: the defaults.)
func onlineOptions(c *cli.Context) check.OnlineOptions { return check.OnlineOptions{} }
