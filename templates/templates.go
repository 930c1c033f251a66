// Package templates holds the style data of the printed cards: card sizes,
// colours, fonts and sizes per game, as JSON a user can edit to restyle a
// game without touching Go (druckreif build --templates DIR reads edited
// copies; the files here are built into the binary).
package templates

import "embed"

// FS holds one <game>.json per game.
//
//go:embed *.json
var FS embed.FS

// Texts holds the texts printed beside the cards, written in our own
// words: a one-page rules summary per game (regeln-<game>.md), a host card
// per Raab mini-game (raab-moderation.csv) and the Raab notes template.
//
//go:embed texts
var Texts embed.FS
