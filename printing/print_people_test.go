package printing_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"formwork/engine"
	"formwork/printing"
)

// users gives display names; a user without one is named by the username.
type users map[string]string

func (u users) EmpName(_ context.Context, username string) string {
	if n := u[username]; n != "" {
		return n
	}
	return username
}

// A person prints under their employee record's name; someone who is no
// employee under their user's display name, the same in every language;
// someone unknown not at all (the page shows the username).
func TestPeopleOf(t *testing.T) {
	employees := names{people: map[string]engine.Text{"employee01": {"zh": "张三", "en": "Zhang San", "th": "จาง ซาน"}}}
	p := printing.PeopleOf(employees, users{"admin": "Administrator", "manager01": "李四"})
	for _, c := range []struct {
		username string
		want     engine.Text
	}{
		{"employee01", engine.Text{"zh": "张三", "en": "Zhang San", "th": "จาง ซาน"}},
		{"manager01", engine.Text{"zh": "李四", "en": "李四", "th": "李四"}},
		{"stranger", nil},
	} {
		got, err := p.PersonName(context.Background(), c.username)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("PersonName(%s) = %v, %v; want %v", c.username, got, err, c.want)
		}
	}
	broken := printing.PeopleOf(names{err: errors.New("down")}, users{})
	if _, err := broken.PersonName(context.Background(), "employee01"); err == nil {
		t.Error("an employee lookup that fails is no error")
	}
}
