# Writes genial-440.csv: the 440 Genial daneben cards of kit.BenchmarkGenial440
# (the default deck's questions repeated, each repetition numbered) with the
# ID/version each card's QR code holds, for genial-440.glabels.
import csv, sys
rows = list(csv.reader(open(sys.argv[1] if len(sys.argv) > 1 else "../../../decks/default/genial/Fragen.csv")))[1:]
w = csv.writer(open("genial-440.csv", "w", newline=""))
w.writerow(["ID", "Frage", "a", "b", "c"])
for i in range(440):
    r = rows[i % len(rows)]
    q, k = r[1], i // len(rows)
    if k > 0:
        q = f"{q} (Runde {k + 1})"
    w.writerow([f"GEN-BENCH-{i + 1}/1", q, r[2], r[3], r[4]])
