package main

import (
	"fmt"
	"slices"

	"formwork/masterdata"
)

// A bank: its CNAPS bank code and names.
type bankOf struct{ code, zh, en, th, short string }

var chineseBanks = []bankOf{
	{"102", "中国工商银行", "Industrial and Commercial Bank of China", "ธนาคารอุตสาหกรรมและพาณิชย์แห่งประเทศจีน", "ICBC"},
	{"103", "中国农业银行", "Agricultural Bank of China", "ธนาคารเกษตรแห่งประเทศจีน", "ABC"},
	{"104", "中国银行", "Bank of China", "ธนาคารแห่งประเทศจีน", "Bank of China"},
	{"105", "中国建设银行", "China Construction Bank", "ธนาคารก่อสร้างแห่งประเทศจีน", "CCB"},
	{"301", "交通银行", "Bank of Communications", "ธนาคารแห่งการสื่อสาร", "Bank of Communications"},
	{"302", "中信银行", "China CITIC Bank", "ธนาคารไชน่าซิติก", "CITIC Bank"},
	{"308", "招商银行", "China Merchants Bank", "ธนาคารไชน่าเมอร์แชนท์ส", "China Merchants Bank"},
	{"309", "兴业银行", "Industrial Bank", "ธนาคารอินดัสเทรียล", "Industrial Bank"},
	{"310", "上海浦东发展银行", "Shanghai Pudong Development Bank", "ธนาคารพัฒนาผู่ตงเซี่ยงไฮ้", "SPD Bank"},
}

// A city of the partners: names, the CNAPS city code and the region code
// of a tax number.
type cityOf struct{ zh, en, th, cnaps, region string }

var cities = []cityOf{
	{"上海", "Shanghai", "เซี่ยงไฮ้", "2900", "310115"}, {"北京", "Beijing", "ปักกิ่ง", "1000", "110105"},
	{"杭州", "Hangzhou", "หางโจว", "3310", "330106"}, {"南京", "Nanjing", "หนานจิง", "3010", "320106"},
	{"苏州", "Suzhou", "ซูโจว", "3050", "320505"}, {"广州", "Guangzhou", "กวางโจว", "5810", "440106"},
	{"深圳", "Shenzhen", "เซินเจิ้น", "5840", "440300"}, {"成都", "Chengdu", "เฉิงตู", "6510", "510107"},
	{"武汉", "Wuhan", "อู่ฮั่น", "5210", "420106"}, {"青岛", "Qingdao", "ชิงเต่า", "4520", "370212"},
	{"嘉兴", "Jiaxing", "เจียซิง", "3350", "330402"}, {"合肥", "Hefei", "เหอเฝย", "3610", "340104"},
}

// genBanks are a branch of each bank in some cities, but those the
// hand-written seeds have.
func (g *generator) genBanks() []masterdata.Bank {
	var out []masterdata.Bank
	for _, b := range chineseBanks {
		for _, c := range cities[:6] {
			cnaps := b.code + c.cnaps + digits(g.rnd, 5)
			if slices.ContainsFunc(g.banks, func(x masterdata.Bank) bool { return x.Cnaps[:7] == cnaps[:7] }) {
				continue
			}
			out = append(out, masterdata.Bank{Cnaps: cnaps, BankCode: b.code, City: c.zh,
				Name:     masterdata.Name{Zh: b.zh + c.zh + "分行", En: b.short + " " + c.en + " Branch", Th: b.short + " สาขา" + c.th},
				BankName: masterdata.Name{Zh: b.zh, En: b.en, Th: b.th}})
		}
	}
	return out
}

// A brand of a partner's name.
var brands = []syllable{{"顺达", "Shunda"}, {"恒瑞", "Hengrui"}, {"金穗", "Jinsui"}, {"华信", "Huaxin"}, {"锦程", "Jincheng"},
	{"鑫旺", "Xinwang"}, {"佳乐", "Jiale"}, {"宏远", "Hongyuan"}, {"永盛", "Yongsheng"}, {"天成", "Tiancheng"}, {"新元", "Xinyuan"},
	{"瑞丰", "Ruifeng"}, {"德润", "Derun"}, {"博雅", "Boya"}, {"东升", "Dongsheng"}, {"嘉禾", "Jiahe"}, {"明泰", "Mingtai"},
	{"安捷", "Anjie"}, {"汇通", "Huitong"}, {"中联", "Zhonglian"}, {"宝隆", "Baolong"}, {"润禾", "Runhe"}, {"九州", "Jiuzhou"},
	{"万家", "Wanjia"}, {"盛世", "Shengshi"}, {"海纳", "Haina"}, {"同创", "Tongchuang"}, {"远航", "Yuanhang"}}

// A line of business: Chinese and English.
type trade struct{ zh, en, th string }

var vendorTrades = []trade{{"物流", "Logistics", "โลจิสติกส์"}, {"包装材料", "Packaging Materials", "บรรจุภัณฑ์"},
	{"粮油", "Grain and Oil", "ธัญพืชและน้ำมัน"}, {"信息技术", "Information Technology", "เทคโนโลยีสารสนเทศ"},
	{"办公用品", "Office Supplies", "อุปกรณ์สำนักงาน"}, {"酒店管理", "Hotel Management", "บริหารโรงแรม"},
	{"国际旅行社", "International Travel Service", "บริษัทนำเที่ยว"}, {"冷链设备", "Cold-chain Equipment", "อุปกรณ์ห้องเย็น"},
	{"广告传媒", "Advertising and Media", "โฆษณาและสื่อ"}, {"印刷", "Printing", "การพิมพ์"}, {"机械设备", "Machinery", "เครื่องจักร"},
	{"农产品", "Agricultural Products", "ผลิตภัณฑ์การเกษตร"}, {"人力资源服务", "Human Resources Services", "บริการทรัพยากรบุคคล"},
	{"管理咨询", "Management Consulting", "ที่ปรึกษาการจัดการ"}, {"汽车租赁", "Car Rental", "เช่ารถยนต์"},
	{"建筑工程", "Construction Engineering", "วิศวกรรมก่อสร้าง"}, {"食品添加剂", "Food Additives", "วัตถุเจือปนอาหาร"}}

var customerTrades = []trade{{"超市连锁", "Supermarket Chain", "ซูเปอร์มาร์เก็ต"}, {"商贸", "Trading", "การค้า"},
	{"食品批发", "Food Wholesale", "ค้าส่งอาหาร"}, {"餐饮管理", "Catering Management", "บริหารร้านอาหาร"},
	{"电子商务", "E-commerce", "อีคอมเมิร์ซ"}, {"便利店", "Convenience Stores", "ร้านสะดวกซื้อ"}}

var thaiBrands = []thaiName{{"สยาม", "Siam", "暹罗"}, {"กรุงเทพ", "Bangkok", "曼谷"}, {"เจ้าพระยา", "Chao Phraya", "湄南"},
	{"ทองคำ", "Thong Kham", "金"}, {"รุ่งเรือง", "Rung Rueang", "兴旺"}}

// partner is a generated partner: the company that deals with it (most
// are the whole group's), a name, a tax number and an account at a bank.
func (g *generator) partner(code string, trades []trade) masterdata.BusinessPartner {
	company := ""
	if g.rnd.IntN(10) < 3 {
		company = pick(g.rnd, g.companies).Code
	}
	if company == "3000" {
		b, t := pick(g.rnd, thaiBrands), pick(g.rnd, trades)
		return masterdata.BusinessPartner{Code: code, Company: company, TaxNo: "0105" + digits(g.rnd, 9),
			Name: masterdata.Name{Zh: b.zh + t.zh + "有限公司", En: b.en + " " + t.en + " Co. Ltd.", Th: "บริษัท " + b.th + " " + t.th + " จำกัด"}}
	}
	c, b, t := pick(g.rnd, cities), pick(g.rnd, brands), pick(g.rnd, trades)
	p := masterdata.BusinessPartner{Code: code, Company: company, TaxNo: "91" + c.region + "MA" + g.creditCode(),
		Name: masterdata.Name{Zh: c.zh + b.zh + t.zh + "有限公司", En: c.en + " " + b.py + " " + t.en + " Co. Ltd.",
			Th: "บริษัท " + c.th + " " + b.py + " " + t.th + " จำกัด"}}
	bank := g.bankIn(c.zh)
	p.Bank, p.Account, p.AccountName = bank.Cnaps, digits(g.rnd, 10+g.rnd.IntN(10)), p.Name.Zh
	return p
}

// creditCode is the last 8 characters of a unified social credit code's
// shape (not a valid one).
func (g *generator) creditCode() string {
	const chars = "0123456789ABCDEFGHJKLMNPQRTUWXY"
	b := make([]byte, 8)
	for i := range b {
		b[i] = chars[g.rnd.IntN(len(chars))]
	}
	return string(b)
}

// bankIn is a branch in a city, else any branch.
func (g *generator) bankIn(city string) masterdata.Bank {
	var in []masterdata.Bank
	for _, b := range g.banks {
		if b.City == city {
			in = append(in, b)
		}
	}
	if len(in) == 0 {
		in = g.banks
	}
	return pick(g.rnd, in)
}

// genVendors are the vendors after the hand-written ones, each with its
// payee accounts: the default one, and for some a second one (bvtyp 0002).
func (g *generator) genVendors() []masterdata.Vendor {
	var out []masterdata.Vendor
	for i := len(g.vendors) + 1; i <= vendors; i++ {
		v := masterdata.Vendor{BusinessPartner: g.partner(fmt.Sprintf("V1%05d", i), vendorTrades)}
		if v.Bank != "" {
			v.Accounts = append(v.Accounts, masterdata.PayeeAccount{Bank: v.Bank[:3], Cnaps: v.Bank, Account: v.Account,
				AccountName: v.AccountName, BvTyp: "0001"})
		}
		if v.Bank != "" && g.rnd.IntN(10) < 3 {
			b := pick(g.rnd, g.banks)
			v.Accounts = append(v.Accounts, masterdata.PayeeAccount{Bank: b.BankCode, Cnaps: b.Cnaps, Account: digits(g.rnd, 16),
				AccountName: v.AccountName, BvTyp: "0002"})
		}
		out = append(out, v)
	}
	return out
}

// genCustomers are the customers after the hand-written ones.
func (g *generator) genCustomers() []masterdata.Customer {
	var out []masterdata.Customer
	for i := len(g.customers) + 1; i <= customers; i++ {
		out = append(out, masterdata.Customer{BusinessPartner: g.partner(fmt.Sprintf("C2%05d", i), customerTrades)})
	}
	return out
}

var projectTopics = []trade{{"新品研发", "new product development", "การพัฒนาผลิตภัณฑ์ใหม่"},
	{"门店拓展", "store expansion", "การขยายสาขา"}, {"仓储改造", "warehouse upgrade", "การปรับปรุงคลังสินค้า"},
	{"品牌推广", "brand campaign", "การส่งเสริมแบรนด์"}, {"信息化建设", "IT programme", "โครงการไอที"},
	{"冷链配送优化", "cold-chain delivery", "การปรับปรุงการขนส่งห้องเย็น"}, {"节能改造", "energy saving", "การประหยัดพลังงาน"},
	{"渠道建设", "channel building", "การสร้างช่องทางจำหน่าย"}}

// genProjects are the no-project entry (when the hand-written seeds lack
// it) and the projects after the hand-written ones; one in ten closed.
func (g *generator) genProjects() []masterdata.Project {
	var out []masterdata.Project
	if !slices.ContainsFunc(g.projects, func(p masterdata.Project) bool { return p.Code == masterdata.NoProjectCode }) {
		n := masterdata.NoProject
		out = append(out, masterdata.Project{Code: masterdata.NoProjectCode, Name: masterdata.Name{Zh: n["zh"], En: n["en"], Th: n["th"]},
			Status: masterdata.ProjectOpen})
	}
	taken := func(code string) bool {
		return slices.ContainsFunc(g.projects, func(p masterdata.Project) bool { return p.Code == code })
	}
	for n := 1; len(g.projects)+len(out) < projects; n++ {
		code := fmt.Sprintf("PJ2026%03d", n)
		if taken(code) {
			continue
		}
		co, c, t := pick(g.rnd, g.companies), pick(g.rnd, cities), pick(g.rnd, projectTopics)
		p := masterdata.Project{Code: code, Company: co.Code, Status: masterdata.ProjectOpen,
			Name: masterdata.Name{Zh: c.zh + t.zh + "项目", En: c.en + " " + t.en, Th: t.th + " " + c.th}}
		if g.rnd.IntN(10) == 0 {
			p.Status = masterdata.ProjectClosed
		}
		out = append(out, p)
	}
	return out
}
