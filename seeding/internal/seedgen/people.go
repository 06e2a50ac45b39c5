package main

import (
	"fmt"
	"strings"

	"formwork/masterdata"
)

// A syllable of a name: the Chinese character and its pinyin.
type syllable struct{ zh, py string }

var surnames = []syllable{{"王", "Wang"}, {"李", "Li"}, {"张", "Zhang"}, {"刘", "Liu"}, {"陈", "Chen"}, {"杨", "Yang"},
	{"黄", "Huang"}, {"赵", "Zhao"}, {"吴", "Wu"}, {"周", "Zhou"}, {"徐", "Xu"}, {"孙", "Sun"}, {"马", "Ma"}, {"朱", "Zhu"},
	{"胡", "Hu"}, {"郭", "Guo"}, {"何", "He"}, {"林", "Lin"}, {"罗", "Luo"}, {"高", "Gao"}, {"郑", "Zheng"}, {"梁", "Liang"},
	{"谢", "Xie"}, {"宋", "Song"}, {"唐", "Tang"}, {"韩", "Han"}, {"冯", "Feng"}, {"邓", "Deng"}, {"曹", "Cao"}, {"彭", "Peng"},
	{"曾", "Zeng"}, {"肖", "Xiao"}, {"田", "Tian"}, {"董", "Dong"}, {"袁", "Yuan"}, {"潘", "Pan"}, {"蒋", "Jiang"}, {"蔡", "Cai"}}

var givenNames = []syllable{{"伟", "wei"}, {"芳", "fang"}, {"娜", "na"}, {"敏", "min"}, {"静", "jing"}, {"丽", "li"},
	{"强", "qiang"}, {"磊", "lei"}, {"军", "jun"}, {"洋", "yang"}, {"勇", "yong"}, {"艳", "yan"}, {"杰", "jie"}, {"娟", "juan"},
	{"涛", "tao"}, {"明", "ming"}, {"超", "chao"}, {"秀", "xiu"}, {"霞", "xia"}, {"平", "ping"}, {"刚", "gang"}, {"英", "ying"},
	{"华", "hua"}, {"建", "jian"}, {"文", "wen"}, {"辉", "hui"}, {"玲", "ling"}, {"鹏", "peng"}, {"宇", "yu"}, {"浩", "hao"},
	{"欣", "xin"}, {"婷", "ting"}, {"晨", "chen"}, {"雪", "xue"}, {"琳", "lin"}, {"斌", "bin"}, {"俊", "jun"}, {"凯", "kai"}}

// A Thai name part: Thai, its romanisation and a Chinese transliteration.
type thaiName struct{ th, en, zh string }

var thaiGiven = []thaiName{{"สมชาย", "Somchai", "颂猜"}, {"สมศรี", "Somsri", "颂西"}, {"ประเสริฐ", "Prasert", "巴色"},
	{"วิไล", "Wilai", "威莱"}, {"อนันต์", "Anan", "阿南"}, {"สุดา", "Suda", "素达"}, {"ธนพล", "Thanaphon", "塔纳蓬"},
	{"กมล", "Kamon", "加蒙"}, {"ปิยะ", "Piya", "比亚"}, {"นภา", "Napha", "娜帕"}}

var thaiFamily = []thaiName{{"ศรีสุข", "Srisuk", "西素"}, {"แก้วมณี", "Kaewmanee", "乔玛尼"}, {"บุญมา", "Boonma", "汶玛"},
	{"จันทร์เพ็ญ", "Chanphen", "詹蓬"}, {"ทองดี", "Thongdee", "通迪"}, {"สุขสวัสดิ์", "Suksawat", "素沙瓦"}}

// ranks and how many in a hundred hold each.
var ranks = []struct {
	code   string
	weight int
}{{"P1", 10}, {"P2", 24}, {"P3", 24}, {"P4", 15}, {"P5", 8}, {"M1", 10}, {"M2", 5}, {"M3", 2}, {"D1", 1}, {"VP", 1}}

// functions name the work of a department, by a part of its code.
var functions = []struct{ part, staff, manager string }{
	{"SAL", "销售代表", "销售经理"}, {"MKT", "市场专员", "市场经理"}, {"FIN", "会计", "财务经理"}, {"ADM", "行政专员", "行政经理"},
	{"IT", "系统工程师", "信息技术经理"}, {"HR", "人事专员", "人力资源经理"}, {"PUR", "采购专员", "采购经理"},
	{"RD", "研发工程师", "研发经理"}, {"PRD", "生产计划员", "生产经理"}, {"QA", "质检员", "品质经理"},
	{"WH", "仓库管理员", "仓库主管"}, {"LOG", "物流专员", "物流经理"}, {"TRN", "调度员", "运输经理"}}

func (g *generator) rank() string {
	n := g.rnd.IntN(100)
	for _, r := range ranks {
		if n < r.weight {
			return r.code
		}
		n -= r.weight
	}
	return "P2"
}

// position is the title of a rank in a department.
func position(dept, rank string) string {
	for _, f := range functions {
		if strings.Contains(dept, f.part) {
			if rank[0] == 'P' {
				return f.staff
			}
			return f.manager
		}
	}
	return "专员"
}

// genEmployees are the employees after the hand-written ones, spread over
// every department, a few of them left.
func (g *generator) genEmployees() []masterdata.Employee {
	usernames := map[string]bool{}
	for _, e := range g.people {
		usernames[e.Username] = true
	}
	var out []masterdata.Employee
	for i := len(g.people) + 1; i <= employees; i++ {
		d := g.departments[g.rnd.IntN(len(g.departments))]
		name, login := g.personName(d.Company == "3000")
		username := login
		for n := 2; usernames[username]; n++ {
			username = fmt.Sprintf("%s%d", login, n)
		}
		usernames[username] = true
		rank := g.rank()
		e := masterdata.Employee{EmpID: fmt.Sprintf("E%05d", i), EmpNo: fmt.Sprintf("%05d", i), Name: name, Username: username,
			Company: d.Company, Department: d.Code, CostCenter: d.CostCenter, Position: position(d.Code, rank),
			Phone: "13" + digits(g.rnd, 9), Email: username + "@formwork.example", Status: masterdata.EmployeeActive, Rank: rank}
		if d.Company == "3000" {
			e.Phone = "+668" + digits(g.rnd, 8)
		}
		if g.rnd.IntN(100) < 5 {
			e.Status = masterdata.EmployeeLeft
		}
		out = append(out, e)
	}
	return out
}

// personName is a Chinese name (or a Thai one) and the login it suggests.
func (g *generator) personName(thai bool) (masterdata.Name, string) {
	if thai {
		given, family := pick(g.rnd, thaiGiven), pick(g.rnd, thaiFamily)
		return masterdata.Name{Zh: given.zh + "·" + family.zh, En: given.en + " " + family.en, Th: given.th + " " + family.th},
			strings.ToLower(given.en + "." + family.en[:1])
	}
	s := pick(g.rnd, surnames)
	zh, py := s.zh, ""
	for range 1 + g.rnd.IntN(2) {
		gn := pick(g.rnd, givenNames)
		zh, py = zh+gn.zh, py+gn.py
	}
	en := s.py + " " + strings.ToUpper(py[:1]) + py[1:]
	return masterdata.Name{Zh: zh, En: en}, strings.ToLower(s.py) + py
}
