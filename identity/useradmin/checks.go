package useradmin

import (
	"context"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"formwork/engine"
	"formwork/identity"
)

// The password rule: MinPasswordLength characters or more, at most
// bcrypt's 72 bytes, at least one letter and one digit, and not the
// username in it.
const (
	MinPasswordLength = 8
	MaxPasswordBytes  = 72
)

// PasswordRule says the rule in every language.
var PasswordRule = engine.Text{
	"zh": fmt.Sprintf("密码至少%d个字符（不超过%d字节），须同时包含字母和数字，且不能包含用户名", MinPasswordLength, MaxPasswordBytes),
	"en": fmt.Sprintf("a password has at least %d characters (at most %d bytes), with letters and digits, and does not contain the username", MinPasswordLength, MaxPasswordBytes),
	"th": fmt.Sprintf("รหัสผ่านต้องมีอย่างน้อย %d ตัวอักษร (ไม่เกิน %d ไบต์) มีทั้งตัวอักษรและตัวเลข และต้องไม่มีชื่อผู้ใช้อยู่ในรหัสผ่าน", MinPasswordLength, MaxPasswordBytes),
}

// CheckPassword refuses a password that breaks the rule, saying the rule.
func CheckPassword(username, password string) error {
	var letter, digit bool
	for _, r := range password {
		letter = letter || unicode.IsLetter(r)
		digit = digit || unicode.IsDigit(r)
	}
	weak := utf8.RuneCountInString(password) < MinPasswordLength || len(password) > MaxPasswordBytes || !letter || !digit ||
		(username != "" && strings.Contains(strings.ToLower(password), strings.ToLower(username)))
	if !weak {
		return nil
	}
	msg := engine.Text{}
	for lang, rule := range PasswordRule {
		msg[lang] = weakPassword[lang] + rule
	}
	return engine.Refuse(engine.ECHECK, "password", msg)
}

var weakPassword = engine.Text{"zh": "密码强度不够：", "en": "the password is too weak: ", "th": "รหัสผ่านไม่ปลอดภัยพอ: "}

// checkUsername refuses a username that is empty, too long or has other
// characters than a-z, 0-9, '.', '_', '-' and '@'.
func checkUsername(username string) error {
	ok := username != "" && len(username) <= identity.MaxUsernameLength
	for _, r := range username {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || strings.ContainsRune("._-@", r)) {
			ok = false
		}
	}
	if ok {
		return nil
	}
	return engine.Refuse(engine.ECHECK, "username", engine.Text{
		"zh": fmt.Sprintf("用户名须为1到%d个字符，只能包含小写字母、数字和 . _ - @", identity.MaxUsernameLength),
		"en": fmt.Sprintf("a username has 1 to %d characters: lower-case letters, digits and . _ - @", identity.MaxUsernameLength),
		"th": fmt.Sprintf("ชื่อผู้ใช้ต้องมี 1 ถึง %d ตัวอักษร ประกอบด้วยตัวพิมพ์เล็ก ตัวเลข และ . _ - @ เท่านั้น", identity.MaxUsernameLength),
	})
}

// checkInput checks what an administrator wrote of a user (not the
// username, not the password) and tidies it: text trimmed, companies and
// roles sorted without repeats, the main company among the companies.
func (s *Service) checkInput(ctx context.Context, in *AccountInput) error {
	for _, p := range []*string{&in.EmpName, &in.EmpID, &in.EmpNo, &in.Email, &in.Phone, &in.CompanyCode, &in.DeptID, &in.CostCenter} {
		*p = strings.TrimSpace(*p)
	}
	if in.EmpName == "" {
		return required("empName", engine.Text{"zh": "姓名", "en": "the name", "th": "ชื่อ"})
	}
	if in.CompanyCode == "" {
		return required("compId", engine.Text{"zh": "所属公司", "en": "the company", "th": "บริษัท"})
	}
	if err := tooLong(in); err != nil {
		return err
	}
	if err := s.checkCompany(ctx, "compId", in.CompanyCode); err != nil {
		return err
	}
	for i, c := range in.Companies { // paths name the list as sent
		if c = strings.TrimSpace(c); c != "" {
			if err := s.checkCompany(ctx, fmt.Sprintf("companies[%d]", i), c); err != nil {
				return err
			}
		}
	}
	in.Companies = sortedUnique(append(in.Companies, in.CompanyCode))
	if len(sortedUnique(in.Roles)) == 0 {
		return required("roles", engine.Text{"zh": "至少一个角色", "en": "at least one role", "th": "อย่างน้อยหนึ่งบทบาท"})
	}
	roles, err := s.store.Roles(ctx)
	if err != nil {
		return fmt.Errorf("list roles: %w", err)
	}
	known := map[string]bool{}
	var ids []string
	for _, r := range roles {
		known[r.ID] = true
		ids = append(ids, r.ID)
	}
	for i, r := range in.Roles {
		if r = strings.TrimSpace(r); r != "" && !known[r] {
			name := engine.Clip(r, 40)
			return engine.Refuse(engine.ECHECK, fmt.Sprintf("roles[%d]", i), engine.Text{
				"zh": "角色" + name + "不存在（可选：" + strings.Join(ids, "、") + "）",
				"en": "there is no role " + name + " (roles: " + strings.Join(ids, ", ") + ")",
				"th": "ไม่มีบทบาท " + name + " (บทบาทที่มี: " + strings.Join(ids, ", ") + ")"})
		}
	}
	in.Roles = sortedUnique(in.Roles)
	return nil
}

func (s *Service) checkCompany(ctx context.Context, path, code string) error {
	if s.cfg.CompanyExists == nil {
		return nil
	}
	ok, err := s.cfg.CompanyExists(ctx, code)
	if err != nil {
		return fmt.Errorf("look up company: %w", err)
	}
	if ok {
		return nil
	}
	name := engine.Clip(code, 20)
	return engine.Refuse(engine.ECHECK, path, engine.Text{"zh": "公司" + name + "不存在", "en": "Company " + name + " does not exist",
		"th": "ไม่มีบริษัท " + name})
}

func required(path string, what engine.Text) error {
	return engine.Refuse(engine.ECHECK, path, engine.Text{"zh": "请填写" + what["zh"], "en": "enter " + what["en"], "th": "กรุณากรอก" + what["th"]})
}

// tooLong refuses a field longer than its column.
func tooLong(in *AccountInput) error {
	limits := []struct {
		path  string
		value string
		max   int
	}{{"empName", in.EmpName, 100}, {"empId", in.EmpID, 40}, {"empNo", in.EmpNo, 40}, {"email", in.Email, 200},
		{"phone", in.Phone, 40}, {"compId", in.CompanyCode, 20}, {"deptId", in.DeptID, 40}, {"costCenter", in.CostCenter, 20}}
	for _, l := range limits {
		if utf8.RuneCountInString(l.value) > l.max {
			return engine.Refuse(engine.ECHECK, l.path, engine.Text{
				"zh": fmt.Sprintf("%s最多%d个字符", l.path, l.max),
				"en": fmt.Sprintf("%s has at most %d characters", l.path, l.max),
				"th": fmt.Sprintf("%s มีได้ไม่เกิน %d ตัวอักษร", l.path, l.max)})
		}
	}
	return nil
}
