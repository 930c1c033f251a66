# Writes g440/: the druckreif deck of the 440 Genial daneben cards that
# genial-440.csv holds for gLabels (the default deck's questions repeated,
# each repetition numbered, as kit.BenchmarkGenial440), Kennung BENCH, so
# that the cards' IDs are GEN-BENCH-1 … GEN-BENCH-440 there too.
import csv, os, sys
rows = list(csv.reader(open(sys.argv[1] if len(sys.argv) > 1 else "../../../decks/default/genial/Fragen.csv")))[1:]
os.makedirs("g440", exist_ok=True)
with open("g440/Deck.csv", "w", newline="") as f:
    f.write("Spiel,genial\nName,Bench\nKennung,BENCH\nVersion,1\nSprache,de\n")
with open("g440/Fragen.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["Nr", "Frage", "a", "b", "c", "Richtig"])
    for i in range(440):
        r = rows[i % len(rows)]
        q, k = r[1], i // len(rows)
        if k > 0:
            q = f"{q} (Runde {k + 1})"
        w.writerow([i + 1, q, r[2], r[3], r[4], r[5]])
