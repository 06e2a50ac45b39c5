package httpapi_test

import (
	"testing"
)

// Masked master-data fields (mask: account, navigation-and-access.md 2.4):
// lists and pickers show account and card numbers as their first 4 and
// last 4 characters to everyone; the record's own answer shows them whole
// to those who may change the type (its edit form), masked to readers.

func TestMaskedAccountNumbers(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		const vendor = `{"version":0,"body":{"code":"V9MASK","name":{"zh":"遮罩测试供应商","en":"Mask test vendor","th":"ผู้ขายทดสอบ"},
			"bank":"102290000011","account":"6222020200112233445","accountName":"遮罩测试供应商",
			"accounts":[{"bank":"102","cnaps":"102290000011","account":"110220330440","accountName":"遮罩测试供应商"},
			            {"bank":"102","cnaps":"102290000011","account":"12345678","accountName":"短账号"}]}}`
		var made mdRecord
		mdCall(t, api, "admin", "POST", masterDataURL+"/vendor/records", vendor, 201, &made)
		if made.Body["account"] != "6222020200112233445" {
			t.Errorf("the writer's own answer masked the account: %v", made.Body["account"])
		}
		wantMasked := func(who string, r mdRecord) {
			t.Helper()
			rows, _ := r.Body["accounts"].([]any)
			if r.Body["account"] != "6222***********3445" || len(rows) != 2 ||
				rows[0].(map[string]any)["account"] != "1102****0440" || rows[1].(map[string]any)["account"] != "12345678" ||
				rows[0].(map[string]any)["cnaps"] != "102290000011" || r.Body["bank"] != "102290000011" {
				t.Errorf("%s sees %v / %v, want the account numbers masked and nothing else", who, r.Body["account"], rows)
			}
		}
		// the list and the picker (the same answer), for a writer and for a reader
		for _, who := range []string{"admin", "employee01"} {
			var page mdPage
			mdCall(t, api, who, "GET", masterDataURL+"/vendor/records?q=V9MASK&active=true", "", 200, &page)
			if page.Total != 1 {
				t.Fatalf("%s finds %d vendors V9MASK", who, page.Total)
			}
			wantMasked(who+" in the list", page.Rows[0])
		}
		// the record itself: whole for its writers (the edit form), masked for readers
		var whole, read mdRecord
		mdCall(t, api, "admin", "GET", recordURL("vendor", "V9MASK"), "", 200, &whole)
		if whole.Body["account"] != "6222020200112233445" || whole.Body["accounts"].([]any)[0].(map[string]any)["account"] != "110220330440" {
			t.Errorf("the writer's edit form gets %v", whole.Body)
		}
		mdCall(t, api, "employee01", "GET", recordURL("vendor", "V9MASK"), "", 200, &read)
		wantMasked("employee01 reading the record", read)

		// the super-booking card: finance reads (masked), admin writes (whole)
		var cards mdPage
		mdCall(t, api, "finance01", "GET", masterDataURL+"/superBookingCard/records?q=sunqi", "", 200, &cards)
		if cards.Total != 1 || cards.Rows[0].Body["cardNo"] != "6222********2233" || cards.Rows[0].Key != "6222********2233" {
			t.Errorf("finance's card list: %+v", cards.Rows)
		}
		var adminCards mdPage
		mdCall(t, api, "admin", "GET", masterDataURL+"/superBookingCard/records?q=sunqi", "", 200, &adminCards)
		if adminCards.Total != 1 || adminCards.Rows[0].Body["cardNo"] != "6222********2233" || adminCards.Rows[0].Key != "6222020200112233" {
			t.Errorf("admin's card list (masked, with the key that opens the card): %+v", adminCards.Rows)
		}
		var card mdRecord
		mdCall(t, api, "finance01", "GET", recordURL("superBookingCard", "6222020200112233"), "", 200, &card)
		if card.Body["cardNo"] != "6222********2233" {
			t.Errorf("finance reads the card number %v", card.Body["cardNo"])
		}
		mdCall(t, api, "admin", "GET", recordURL("superBookingCard", "6222020200112233"), "", 200, &card)
		if card.Body["cardNo"] != "6222020200112233" {
			t.Errorf("admin's edit form gets the card number %v", card.Body["cardNo"])
		}
	})
}
