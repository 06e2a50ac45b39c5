package main

import (
	"math"
	"strconv"
	"time"
)

// rate is a record of type exchangeRate.
type rate struct {
	FromCurrency string     `yaml:"fromCurrency"`
	ToCurrency   string     `yaml:"toCurrency"`
	ValidFrom    string     `yaml:"validFrom"`
	ValidTo      string     `yaml:"validTo"`
	Rate         yamlNumber `yaml:"rate"`
}

// standard is a record of type travelStandard.
type standard struct {
	Rank      string     `yaml:"rank"`
	CityType  string     `yaml:"cityType"`
	CostType  string     `yaml:"costType"`
	ValidFrom string     `yaml:"validFrom"`
	Currency  string     `yaml:"currency"`
	Amount    yamlNumber `yaml:"amount"`
	Unit      string     `yaml:"unit"`
	Control   string     `yaml:"control"`
}

// hospitality is a record of type hospitalityStandard.
type hospitality struct {
	Company       string     `yaml:"company"`
	Rank          string     `yaml:"rank"`
	CityType      string     `yaml:"cityType"`
	ValidFrom     string     `yaml:"validFrom"`
	LimitPerGuest yamlNumber `yaml:"limitPerGuest"`
	HostRatio     yamlNumber `yaml:"hostRatio"`
	Control       string     `yaml:"control"`
}

// A currency pair's rate on 2026-01-01 and how many decimals it is quoted
// with.
type pair struct {
	from, to string
	start    float64
	decimals int
}

// genRates are the daily rates of 2026 of USD, EUR and THB in CNY (what a
// CNY company's documents convert with) and of USD, EUR and CNY in THB
// (the Thai company's): a random walk of the rates in CNY, the THB rates
// crossed from them. Each rate is valid for its day.
func (g *generator) genRates() []rate {
	usd, eur, thb := 7.18, 7.85, 0.2105
	var out []rate
	day := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for ; day.Year() == 2026; day = day.AddDate(0, 0, 1) {
		date := day.Format(time.DateOnly)
		for _, r := range []struct {
			pair pair
			rate float64
		}{
			{pair{"USD", "CNY", 0, 4}, usd}, {pair{"EUR", "CNY", 0, 4}, eur}, {pair{"THB", "CNY", 0, 6}, thb},
			{pair{"USD", "THB", 0, 4}, usd / thb}, {pair{"EUR", "THB", 0, 4}, eur / thb}, {pair{"CNY", "THB", 0, 4}, 1 / thb},
		} {
			out = append(out, rate{r.pair.from, r.pair.to, date, date, round(r.rate, r.pair.decimals)})
		}
		usd = g.walk(usd, 7.05, 7.35)
		eur = g.walk(eur, 7.60, 8.10)
		thb = g.walk(thb, 0.2020, 0.2190)
	}
	return out
}

// walk moves a rate by at most 0.2% a day, kept within [low, high].
func (g *generator) walk(rate, low, high float64) float64 {
	rate *= 1 + (g.rnd.Float64()-0.5)*0.004
	return math.Min(high, math.Max(low, rate))
}

// round is a rate with decimals places, as a YAML number keeps it.
func round(v float64, decimals int) yamlNumber {
	return yamlNumber(strconv.FormatFloat(v, 'f', decimals, 64))
}

// yamlNumber is a decimal written as a YAML number, exactly as formatted.
type yamlNumber string

func (n yamlNumber) MarshalYAML() (any, error) {
	f, err := strconv.ParseFloat(string(n), 64)
	return f, err
}

// genTravelStandards are the lodging (a room a night) and meal allowance
// (a person a day) standards of each rank in each city type (abroad in
// USD), valid from 2026-01-01.
func genTravelStandards() []standard {
	lodging := map[string]float64{"P1": 400, "P2": 400, "P3": 400, "P4": 500, "P5": 500, "M1": 600, "M2": 600, "M3": 800,
		"D1": 1000, "VP": 1500}
	abroad := map[string]float64{"P1": 150, "P2": 150, "P3": 150, "P4": 180, "P5": 180, "M1": 220, "M2": 220, "M3": 280,
		"D1": 350, "VP": 500}
	meals := map[string]float64{"1": 100, "2": 80, "3": 60, "4": 50}
	factor := map[string]float64{"1": 1, "2": 0.8, "3": 0.65}
	var out []standard
	for _, r := range ranks {
		for _, cityType := range []string{"1", "2", "3", "4"} {
			lodge, currency := math.Round(lodging[r.code]*factor[cityType]/10)*10, "CNY"
			if cityType == "4" {
				lodge, currency = abroad[r.code], "USD"
			}
			for _, s := range []struct {
				costType, unit, control string
				amount                  float64
			}{{"住宿费", "night", "weak", lodge}, {"伙食补助", "day", "strong", meals[cityType]}} {
				out = append(out, standard{r.code, cityType, s.costType, "2026-01-01", currency, round(s.amount, 2), s.unit, s.control})
			}
		}
	}
	return out
}

// genHospitalityStandards are the hospitality standards (a guest, in the
// company's currency: THB at 5 to the yuan) of each company for each host
// rank in each city type, valid from 2026-01-01, weak control: an excess
// is confirmed and explained.
func (g *generator) genHospitalityStandards() []hospitality {
	perGuest := map[string]float64{"P1": 600, "P2": 600, "P3": 600, "P4": 700, "P5": 700, "M1": 800, "M2": 800, "M3": 1000,
		"D1": 1200, "VP": 1500}
	factor := map[string]float64{"1": 1, "2": 0.8, "3": 0.65, "4": 1.2}
	var out []hospitality
	for _, c := range g.companies {
		fx := 1.0
		if c.Currency == "THB" {
			fx = 5
		}
		for _, r := range ranks {
			for _, cityType := range []string{"1", "2", "3", "4"} {
				limit := math.Round(perGuest[r.code]*factor[cityType]*fx/10) * 10
				out = append(out, hospitality{c.Code, r.code, cityType, "2026-01-01", round(limit, 2), "1", "weak"})
			}
		}
	}
	return out
}
