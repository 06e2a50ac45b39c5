package masterdata

import "context"

// Prefill is what a new document's head starts with for the signed-in
// user, from their employee record: the head's field names.
type Prefill struct {
	Company    string `json:"company"`
	Sob        string `json:"sob"`
	Department string `json:"department"`
	CostCenter string `json:"costCenter"`
	BizRang    string `json:"bizRang,omitempty"`
	Applicant  string `json:"applicant"`
}

// Prefill answers the head fields of a new document for a user (their
// username): company, department and cost centre of their employee record
// (the department's cost centre when the employee has none), the company's
// set of books, the applicant themselves; the business range when their
// company has exactly one. Nil when no employee with the group signs in as
// username.
func (s *Service) Prefill(ctx context.Context, username string) (*Prefill, error) {
	e, err := lookup[Employee](ctx, s, TypeEmployee, username, false)
	if err != nil || e == nil || e.Status != EmployeeActive {
		return nil, err
	}
	p := &Prefill{Company: e.Company, Department: e.Department, CostCenter: e.CostCenter, Applicant: e.Username}
	if co, err := s.Company(ctx, e.Company); err != nil {
		return nil, err
	} else if co != nil {
		p.Sob = co.Sob
	}
	if p.CostCenter == "" && e.Department != "" {
		d, err := s.Department(ctx, e.Department)
		if err != nil {
			return nil, err
		}
		if d != nil {
			p.CostCenter = d.CostCenter
		}
	}
	ranges, err := activeOf(ctx, s, TypeBusinessRange, func(b BusinessRange) bool { return b.Company == e.Company })
	if err != nil {
		return nil, err
	}
	if len(ranges) == 1 {
		p.BizRang = ranges[0].Code
	}
	return p, nil
}
