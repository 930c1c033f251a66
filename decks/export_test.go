package decks

import (
	"bytes"
	"encoding/csv"
)

func parseTestCSV(data []byte) ([][]string, bool, error) {
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	rows, err := r.ReadAll()
	return rows, false, err
}
