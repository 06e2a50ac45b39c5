package printing

import (
	"strings"

	"github.com/shopspring/decimal"
)

var (
	capitalDigits = []string{"零", "壹", "贰", "叁", "肆", "伍", "陆", "柒", "捌", "玖"}
	capitalUnits  = []string{"", "拾", "佰", "仟"}
)

// ChineseCapital writes an amount in Chinese capitals (人民币大写) following
// 《会计基础工作规范》 article 52: one 零 for a run of zeros in the middle, 零
// after 元 when the 元 digit is 0 and there are 角, or when 角 is 0 and there
// are 分; 整 after 元 or 角 when the amount ends there; 负 before a negative
// amount. The amount is rounded to 分 (two decimals) first. Examples:
// 1024.00 壹仟零贰拾肆元整, 1001.01 壹仟零壹元零壹分, 1680.32
// 壹仟陆佰捌拾元零叁角贰分, 0 零元整.
func ChineseCapital(amount decimal.Decimal) string {
	amount = amount.Round(2)
	var b strings.Builder
	if amount.IsNegative() {
		b.WriteString("负")
		amount = amount.Neg()
	}
	fen := amount.Shift(2).IntPart() // whole amount in 分; fits: bound is 10^15 元
	yuan, jiao, f := fen/100, (fen/10)%10, fen%10
	switch {
	case yuan == 0 && jiao == 0 && f == 0:
		return b.String() + "零元整"
	case yuan > 0:
		b.WriteString(capitalInteger(yuan))
		b.WriteString("元")
		if jiao == 0 && f == 0 {
			b.WriteString("整")
			return b.String()
		}
		if jiao == 0 || yuan%10 == 0 {
			b.WriteString("零")
		}
	}
	if jiao > 0 {
		b.WriteString(capitalDigits[jiao] + "角")
	}
	if f > 0 {
		b.WriteString(capitalDigits[f] + "分")
	} else {
		b.WriteString("整")
	}
	return b.String()
}

// capitalInteger writes n > 0 in capitals, grouping by 万 and 亿.
func capitalInteger(n int64) string {
	switch {
	case n >= 1_0000_0000:
		return capitalInteger(n/1_0000_0000) + "亿" + capitalTail(n%1_0000_0000, 1000_0000)
	case n >= 1_0000:
		return capitalFour(n/1_0000) + "万" + capitalTail(n%1_0000, 1000)
	default:
		return capitalFour(n)
	}
}

// capitalTail writes the lower part of a number after 万 or 亿, with 零 when
// its leading digit (worth lead) is 0.
func capitalTail(n, lead int64) string {
	if n == 0 {
		return ""
	}
	if n < lead {
		return "零" + capitalInteger(n)
	}
	return capitalInteger(n)
}

// capitalFour writes 1..9999 with one 零 for inner zeros.
func capitalFour(n int64) string {
	var b strings.Builder
	zero := false
	for p := 3; p >= 0; p-- {
		d := (n / pow10[p]) % 10
		if d == 0 {
			zero = b.Len() > 0
			continue
		}
		if zero {
			b.WriteString("零")
			zero = false
		}
		b.WriteString(capitalDigits[d] + capitalUnits[p])
	}
	return b.String()
}

var pow10 = []int64{1, 10, 100, 1000}
