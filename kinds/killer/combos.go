package killer

// Combination tables: the sets of distinct digits adding to a sum, as
// digit masks (bit d for digit d).

// tathamCombos lists the k-digit combinations (k = 2, 3, 4) of digits
// 1-9 adding to sum, in Solo's order, or nil when Solo calls the sum
// impossible for k cells (outside 3-17, 6-24, 10-30).
func tathamCombos(k, sum int) []uint16 {
	switch k {
	case 2:
		if sum >= 3 && sum <= 17 {
			return tathamTable.t2[sum]
		}
	case 3:
		if sum >= 6 && sum <= 24 {
			return tathamTable.t3[sum]
		}
	case 4:
		if sum >= 10 && sum <= 30 {
			return tathamTable.t4[sum]
		}
	}
	return nil
}

// tathamTable is computed once from the digits (a pure table, never
// written after).
var tathamTable = buildTathamCombos()

type tathamCombosTable struct {
	t2, t3, t4 [31][]uint16
}

func buildTathamCombos() *tathamCombosTable {
	t := &tathamCombosTable{}
	for m := uint16(2); m < 1<<10; m += 2 {
		k, sum := 0, 0
		for d := 1; d <= 9; d++ {
			if m&bit(d) != 0 {
				k++
				sum += d
			}
		}
		switch k {
		case 2:
			t.t2[sum] = append(t.t2[sum], m)
		case 3:
			t.t3[sum] = append(t.t3[sum], m)
		case 4:
			t.t4[sum] = append(t.t4[sum], m)
		}
	}
	return t
}
