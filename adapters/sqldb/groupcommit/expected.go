package groupcommit

import (
	"context"
	"database/sql"
	"fmt"

	"formwork/documents"
)

// On PostgreSQL, the creates of a batch of one type and day are stored in
// one statement, committed on its own, when the writer knows where their
// sequence ends: the statement takes the numbers only if the sequence still
// ends where the writer expects, and otherwise stores nothing (and those
// creates are written the usual way, in a transaction that takes the numbers
// first, which teaches the writer the sequence's end again). One round trip
// to the database instead of four (begin, numbers, rows, commit), and the
// sequence row is locked only while the statement runs, not across round
// trips.
//
// The numbers stay without gaps and each is taken once: the sequence row
// decides, never what the writer expects. Numbers taken elsewhere (another
// server on the same database, documents.Numbered) cost a statement that
// stores nothing.

// sequenceEnd is what the writer knows of a sequence's end.
type sequenceEnd struct {
	last   int  // its last number taken
	known  bool // last is known (learnt, and not missed since)
	missed int  // statements in a row that found the sequence elsewhere
	skip   int  // batches left to write the transaction's way before trying again
}

// maxEnds bounds the sequences the writer keeps the ends of (one per type
// and day): past it, it forgets them all and learns again.
const maxEnds = 1024

// learn records where the sequences a transaction took numbers of end,
// once it committed.
func (w *Writer) learn(seqs map[string]*sequence) {
	if !w.postgres {
		return
	}
	if w.ends == nil || len(w.ends) >= maxEnds {
		w.ends = map[string]*sequenceEnd{}
	}
	for p, seq := range seqs {
		e := w.ends[p]
		if e == nil {
			e = &sequenceEnd{}
			w.ends[p] = e
		}
		e.last, e.known = seq.next-1, true
	}
}

// expectedEnd is where the writer expects the sequence of prefix to end,
// if it knows and is not waiting after misses: each miss in a row doubles
// the batches written the transaction's way before it tries again (up to
// 1,023), so that servers taking turns at the same sequences lose little.
func (w *Writer) expectedEnd(prefix string) (*sequenceEnd, bool) {
	e := w.ends[prefix]
	switch {
	case e == nil || !e.known:
		return nil, false
	case e.skip > 0:
		e.skip--
		return nil, false
	}
	return e, true
}

// miss records that a statement found the sequence e elsewhere.
func (e *sequenceEnd) miss() {
	e.known = false
	e.missed++
	e.skip = 1<<min(e.missed-1, 10) - 1
}

// writeExpected stores the creates of jobs whose sequences' ends the writer
// knows, one statement for each type and day, and answers them (and those
// whose record cannot be built). It returns the creates left to a
// transaction: of sequences it does not know, those claiming something (a
// claim is taken in a transaction), those without an event, and those of a
// statement that stored nothing.
func (w *Writer) writeExpected(jobs []*job) (rest []*job) {
	groups, order := byPrefix(jobs)
	for _, p := range order {
		rest = append(rest, w.writeExpectedOf(p, groups[p])...)
	}
	return rest
}

// writeExpectedOf is writeExpected for the creates of one prefix.
func (w *Writer) writeExpectedOf(prefix string, jobs []*job) (rest []*job) {
	end, ok := w.expectedEnd(prefix)
	if !ok {
		return jobs
	}
	var stored []*job
	last, next := end.last, end.last
	for _, j := range jobs {
		rec, ev, refused := j.build(fmt.Sprintf("%s%04d", prefix, next+1))
		switch {
		case refused != nil: // its number is the next create's
			j.finish(nil, refused)
		case ev == nil || w.claimsSomething(rec):
			rest = append(rest, j)
		default:
			next++
			j.rec, j.ev = rec, ev
			stored = append(stored, j)
		}
	}
	if len(stored) == 0 {
		return rest
	}
	if err := w.insertExpected(prefix, last, stored); err != nil {
		end.miss()
		if outcomeNotKnown(err) {
			// writing them again could store them twice
			for _, j := range stored {
				j.finish(nil, err)
			}
			return rest
		}
		// not where expected (or PostgreSQL refused the statement, which
		// then stored nothing): the transaction decides, and its numbers
		// teach the writer the end again
		w.missed.Add(1)
		for _, j := range stored {
			j.rec, j.ev = nil, nil
		}
		return append(rest, stored...)
	}
	end.last, end.missed = next, 0
	w.expected.Add(1)
	w.committed(len(stored))
	for _, j := range stored {
		j.finish(j.rec, nil)
	}
	return rest
}

// expectedNumbers names the statement storing n documents and their events
// numbered after the sequence's expected end.
const expectedNumbers = "documents and events numbered as expected"

// expectedSQL takes n numbers of a prefix if its sequence ends where
// expected, and stores n documents and their events under them: each row's
// number is read through the numbers taken, so that none is stored (the
// column may not be null) when they were not taken.
func expectedSQL(n int) string {
	taken := `UPDATE doc_sequences SET last = last + ? WHERE prefix = ? AND last = ? RETURNING last`
	numbered := func(q string, columns int) string {
		return rowsLike(q, columns, n, "((SELECT ? FROM taken),"+placeholders(columns - 1)[1:])
	}
	return "WITH taken AS (" + taken + "), stored AS (" + numbered(documentSQL, documentColumns) + ") " +
		numbered(eventSQL, eventColumns)
}

// insertExpected stores jobs (built with the numbers after last) in one
// statement of its own.
func (w *Writer) insertExpected(prefix string, last int, jobs []*job) error {
	n := len(jobs)
	q := func() string { return expectedSQL(n) }
	w.prepareBatch(batchKey{expectedNumbers, n}, q)
	args := make([]any, 0, 3+n*(documentColumns+eventColumns))
	args = append(args, n, prefix, last)
	events := make([]*documents.Event, 0, n)
	for _, j := range jobs {
		args = appendRecord(args, j.rec)
	}
	for _, j := range jobs {
		args = appendEvent(args, j.ev)
		events = append(events, j.ev)
	}
	ctx := context.Background() // one caller's cancel must not undo the others' creates
	var rows *sql.Rows
	var err error
	if prepared := w.prepared(batchKey{expectedNumbers, n}); prepared != nil {
		rows, err = prepared.QueryContext(ctx, args...)
	} else {
		rows, err = w.db.QueryContext(ctx, w.rebind(q()), args...)
	}
	if err == nil {
		err = setEventIDs(rows, events)
	}
	if err != nil {
		// the statement commits on its own: it may have stored them
		return w.mayHaveCommitted(fmt.Errorf("write documents and events: %w", err))
	}
	return nil
}
