package sqlitedriver

// The WAL-buffering VFS. SQLite writes a commit's WAL frames with two
// pwrite calls each (the frame's header, then its page), and a group commit
// of a dozen documents is about 45 frames: some 90 system calls on the one
// writer connection, whose commit every waiting save waits for. The VFS here
// wraps SQLite's own (unix) and keeps a WAL file's consecutive writes in a
// buffer that goes to the file in one write before anything can need them
// there: before the file is synced (a commit under synchronous=FULL), read
// where the buffer holds (a page read back, a checkpoint), truncated, sized
// or closed, and before the commit is published to other connections (the
// shared-memory barrier of the wal-index header, so a connection under
// synchronous=NORMAL never sees frames that are not in the file; such a WAL
// then writes through, unbuffered). Every other file, and every other call,
// goes to SQLite's own VFS as it is.
//
// A buffered write that the process dies before flushing was never synced:
// SQLite had not counted it committed, and rolls it back on recovery, as it
// does a frame the system lost.

import (
	"errors"
	"sync"
	"sync/atomic"
	"unsafe"

	"modernc.org/libc"
	lib "modernc.org/sqlite/lib"
)

// VFS is the name the WAL-buffering VFS is registered under (vfs=VFS in a
// DSN; Register registers it).
const VFS = "formwork-wal"

// walBufferSize bounds a WAL file's buffer: a longer run of writes goes to
// the file in parts of this size.
const walBufferSize = 1 << 20

// shimSize is the shim's part of a file: its methods pointer, then the
// wrapped file of SQLite's own VFS (8-byte aligned).
const shimSize = 16

var (
	vfsOnce sync.Once
	vfsErr  error
	baseVFS uintptr // SQLite's own default VFS (unix)

	files   sync.Map   // *shimFile by the file's address in SQLite's memory
	linking sync.Mutex // a main database's link to its WAL (shimFile.wal)

	walWrites atomic.Int64 // writes that reached a WAL file (for tests)
)

// shimFile is the Go side of one file opened through the VFS.
type shimFile struct {
	real    uintptr // the wrapped file
	methods uintptr // its methods (*lib.Tsqlite3_io_methods)
	tls     *libc.TLS
	path    string
	wal     *shimFile // of a main database: the WAL its connection opened

	// of a WAL file: writes held for the file, n bytes at mem from offset
	// off; through once the WAL is published unsynced (synchronous=NORMAL)
	mem     uintptr
	n       int32
	off     int64
	through bool
	isWAL   bool
}

// funcOf is the C function pointer of a Go function, as the transpiled
// library keeps them.
func funcOf(f any) uintptr { return (*[2]uintptr)(unsafe.Pointer(&f))[1] }

// at is the memory at p, which SQLite's allocator owns (not Go's heap).
func at(p uintptr) unsafe.Pointer { return *(*unsafe.Pointer)(unsafe.Pointer(&p)) }

// cFunc is the Go function a C function pointer holds.
func cFunc[F any](p uintptr) F { return *(*F)(unsafe.Pointer(&struct{ uintptr }{p})) }

// shimMethods are the methods of every file opened through the VFS (a
// method tells a WAL file by its shimFile).
var shimMethods = lib.Tsqlite3_io_methods{FiVersion: 3}

func init() {
	m := &shimMethods
	m.FxClose = funcOf(shimClose)
	m.FxRead = funcOf(shimRead)
	m.FxWrite = funcOf(shimWrite)
	m.FxTruncate = funcOf(shimTruncate)
	m.FxSync = funcOf(shimSync)
	m.FxFileSize = funcOf(shimFileSize)
	m.FxLock = funcOf(shimLock)
	m.FxUnlock = funcOf(shimUnlock)
	m.FxCheckReservedLock = funcOf(shimCheckReservedLock)
	m.FxFileControl = funcOf(shimFileControl)
	m.FxSectorSize = funcOf(shimSectorSize)
	m.FxDeviceCharacteristics = funcOf(shimDeviceCharacteristics)
	m.FxShmMap = funcOf(shimShmMap)
	m.FxShmLock = funcOf(shimShmLock)
	m.FxShmBarrier = funcOf(shimShmBarrier)
	m.FxShmUnmap = funcOf(shimShmUnmap)
	m.FxFetch = funcOf(shimFetch)
	m.FxUnfetch = funcOf(shimUnfetch)
}

// registerVFS registers the VFS once, beside SQLite's own (not as the
// default).
func registerVFS() error {
	vfsOnce.Do(func() {
		tls := libc.NewTLS()
		defer tls.Close()
		baseVFS = lib.Xsqlite3_vfs_find(tls, 0)
		if baseVFS == 0 {
			vfsErr = errors.New("SQLite has no default VFS to wrap")
			return
		}
		v := libc.Xmalloc(tls, uint64(unsafe.Sizeof(lib.Tsqlite3_vfs{})))
		name, err := libc.CString(VFS)
		if v == 0 || err != nil {
			vfsErr = errors.New("no memory for the WAL-buffering VFS")
			return
		}
		vfs := (*lib.Tsqlite3_vfs)(at(v))
		*vfs = *(*lib.Tsqlite3_vfs)(at(baseVFS))
		vfs.FpNext = 0
		vfs.FzName = name
		vfs.FszOsFile += shimSize
		vfs.FxOpen = funcOf(shimOpen)
		if rc := lib.Xsqlite3_vfs_register(tls, v, 0); rc != lib.SQLITE_OK {
			vfsErr = errors.New("the WAL-buffering VFS could not be registered")
		}
	})
	return vfsErr
}

func shimOpen(tls *libc.TLS, pVfs, zName, pFile uintptr, flags int32, pOutFlags uintptr) int32 {
	base := (*lib.Tsqlite3_vfs)(at(baseVFS))
	real := pFile + shimSize
	rc := cFunc[func(*libc.TLS, uintptr, uintptr, uintptr, int32, uintptr) int32](base.FxOpen)(tls, baseVFS, zName, real, flags, pOutFlags)
	realMethods := (*lib.Tsqlite3_file)(at(real)).FpMethods
	file := (*lib.Tsqlite3_file)(at(pFile))
	if realMethods == 0 { // nothing to close
		file.FpMethods = 0
		return rc
	}
	f := &shimFile{real: real, methods: realMethods, tls: tls, isWAL: flags&lib.SQLITE_OPEN_WAL != 0}
	if zName != 0 {
		f.path = libc.GoString(zName)
	}
	file.FpMethods = uintptr(unsafe.Pointer(&shimMethods))
	files.Store(pFile, f)
	if f.isWAL { // the main database of the same connection publishes it
		linking.Lock()
		files.Range(func(_, v any) bool {
			if db := v.(*shimFile); db.tls == tls && !db.isWAL && db.path+"-wal" == f.path {
				db.wal = f
			}
			return true
		})
		linking.Unlock()
	}
	return rc
}

// fileAt is the file at pFile.
func fileAt(pFile uintptr) *shimFile {
	f, _ := files.Load(pFile)
	return f.(*shimFile)
}

func (f *shimFile) m() *lib.Tsqlite3_io_methods {
	return (*lib.Tsqlite3_io_methods)(at(f.methods))
}

// maxWrite is the most SQLite's unix VFS writes in one call: its
// seekAndWriteFd keeps the low 17 bits of the size (a page is 64 KB at
// most), so a longer write would be cut short and taken for a full disk.
const maxWrite = 1<<17 - 1

// flush writes what the buffer holds to the file, in writes of at most
// maxWrite bytes.
func (f *shimFile) flush(tls *libc.TLS) int32 {
	n := f.n
	f.n = 0
	write := cFunc[func(*libc.TLS, uintptr, uintptr, int32, int64) int32](f.m().FxWrite)
	for at := int32(0); at < n; at += maxWrite {
		walWrites.Add(1)
		if rc := write(tls, f.real, f.mem+uintptr(at), min(n-at, maxWrite), f.off+int64(at)); rc != lib.SQLITE_OK {
			return rc
		}
	}
	return lib.SQLITE_OK
}

// flushed flushes f's buffer, then answers do's answer (do is not run
// when the flush failed).
func flushed(tls *libc.TLS, pFile uintptr, do func(f *shimFile) int32) int32 {
	f := fileAt(pFile)
	if rc := f.flush(tls); rc != lib.SQLITE_OK {
		return rc
	}
	return do(f)
}

func shimClose(tls *libc.TLS, pFile uintptr) int32 {
	f := fileAt(pFile)
	rc := f.flush(tls)
	if closed := cFunc[func(*libc.TLS, uintptr) int32](f.m().FxClose)(tls, f.real); rc == lib.SQLITE_OK {
		rc = closed
	}
	if f.mem != 0 {
		libc.Xfree(tls, f.mem)
		f.mem = 0
	}
	files.Delete(pFile)
	if f.isWAL { // its main database no longer publishes it
		linking.Lock()
		files.Range(func(_, v any) bool {
			if db := v.(*shimFile); db.wal == f {
				db.wal = nil
			}
			return true
		})
		linking.Unlock()
	}
	(*lib.Tsqlite3_file)(at(pFile)).FpMethods = 0
	return rc
}

func shimWrite(tls *libc.TLS, pFile, zBuf uintptr, iAmt int32, iOfst int64) int32 {
	f := fileAt(pFile)
	write := cFunc[func(*libc.TLS, uintptr, uintptr, int32, int64) int32](f.m().FxWrite)
	if !f.isWAL {
		return write(tls, f.real, zBuf, iAmt, iOfst)
	}
	if f.through {
		walWrites.Add(1)
		return write(tls, f.real, zBuf, iAmt, iOfst)
	}
	end := f.off + int64(f.n)
	switch {
	case f.n > 0 && iOfst >= f.off && iOfst+int64(iAmt) <= end: // a frame written again
		libc.Xmemcpy(tls, f.mem+uintptr(iOfst-f.off), zBuf, uint64(iAmt))
		return lib.SQLITE_OK
	case f.n > 0 && (iOfst != end || f.n+iAmt > walBufferSize):
		if rc := f.flush(tls); rc != lib.SQLITE_OK {
			return rc
		}
	}
	if f.mem == 0 {
		f.mem = libc.Xmalloc(tls, walBufferSize)
	}
	if iAmt > maxWrite || f.mem == 0 {
		walWrites.Add(1)
		return write(tls, f.real, zBuf, iAmt, iOfst)
	}
	if f.n == 0 {
		f.off = iOfst
	}
	libc.Xmemcpy(tls, f.mem+uintptr(f.n), zBuf, uint64(iAmt))
	f.n += iAmt
	return lib.SQLITE_OK
}

func shimRead(tls *libc.TLS, pFile, zBuf uintptr, iAmt int32, iOfst int64) int32 {
	f := fileAt(pFile)
	if f.n > 0 && iOfst < f.off+int64(f.n) && iOfst+int64(iAmt) > f.off {
		if rc := f.flush(tls); rc != lib.SQLITE_OK {
			return rc
		}
	}
	return cFunc[func(*libc.TLS, uintptr, uintptr, int32, int64) int32](f.m().FxRead)(tls, f.real, zBuf, iAmt, iOfst)
}

func shimTruncate(tls *libc.TLS, pFile uintptr, size int64) int32 {
	return flushed(tls, pFile, func(f *shimFile) int32 {
		return cFunc[func(*libc.TLS, uintptr, int64) int32](f.m().FxTruncate)(tls, f.real, size)
	})
}

func shimSync(tls *libc.TLS, pFile uintptr, flags int32) int32 {
	return flushed(tls, pFile, func(f *shimFile) int32 {
		return cFunc[func(*libc.TLS, uintptr, int32) int32](f.m().FxSync)(tls, f.real, flags)
	})
}

func shimFileSize(tls *libc.TLS, pFile, pSize uintptr) int32 {
	return flushed(tls, pFile, func(f *shimFile) int32 {
		return cFunc[func(*libc.TLS, uintptr, uintptr) int32](f.m().FxFileSize)(tls, f.real, pSize)
	})
}

func shimLock(tls *libc.TLS, pFile uintptr, lock int32) int32 {
	f := fileAt(pFile)
	return cFunc[func(*libc.TLS, uintptr, int32) int32](f.m().FxLock)(tls, f.real, lock)
}

func shimUnlock(tls *libc.TLS, pFile uintptr, lock int32) int32 {
	f := fileAt(pFile)
	return cFunc[func(*libc.TLS, uintptr, int32) int32](f.m().FxUnlock)(tls, f.real, lock)
}

func shimCheckReservedLock(tls *libc.TLS, pFile, pResOut uintptr) int32 {
	f := fileAt(pFile)
	return cFunc[func(*libc.TLS, uintptr, uintptr) int32](f.m().FxCheckReservedLock)(tls, f.real, pResOut)
}

func shimFileControl(tls *libc.TLS, pFile uintptr, op int32, pArg uintptr) int32 {
	return flushed(tls, pFile, func(f *shimFile) int32 {
		return cFunc[func(*libc.TLS, uintptr, int32, uintptr) int32](f.m().FxFileControl)(tls, f.real, op, pArg)
	})
}

func shimSectorSize(tls *libc.TLS, pFile uintptr) int32 {
	f := fileAt(pFile)
	return cFunc[func(*libc.TLS, uintptr) int32](f.m().FxSectorSize)(tls, f.real)
}

func shimDeviceCharacteristics(tls *libc.TLS, pFile uintptr) int32 {
	f := fileAt(pFile)
	return cFunc[func(*libc.TLS, uintptr) int32](f.m().FxDeviceCharacteristics)(tls, f.real)
}

func shimShmMap(tls *libc.TLS, pFile uintptr, iPg, pgsz, bExtend int32, pp uintptr) int32 {
	f := fileAt(pFile)
	return cFunc[func(*libc.TLS, uintptr, int32, int32, int32, uintptr) int32](f.m().FxShmMap)(tls, f.real, iPg, pgsz, bExtend, pp)
}

func shimShmLock(tls *libc.TLS, pFile uintptr, offset, n, flags int32) int32 {
	f := fileAt(pFile)
	return cFunc[func(*libc.TLS, uintptr, int32, int32, int32) int32](f.m().FxShmLock)(tls, f.real, offset, n, flags)
}

// shimShmBarrier is where a commit is published (between the two copies
// of the wal-index header): the frames it publishes must be in the file
// by then. Under synchronous=FULL the commit's sync flushed them already;
// a WAL found unflushed here is published without syncs, and writes
// through from then on.
func shimShmBarrier(tls *libc.TLS, pFile uintptr) {
	f := fileAt(pFile)
	if w := f.wal; w != nil && w.n > 0 {
		w.through = true
		// a failed write cannot be answered here (the barrier has no
		// result): its frames are lost to the readers of this commit
		// (not done: keeping them for the next write or sync to answer)
		_ = w.flush(tls)
	}
	cFunc[func(*libc.TLS, uintptr)](f.m().FxShmBarrier)(tls, f.real)
}

func shimShmUnmap(tls *libc.TLS, pFile uintptr, deleteFlag int32) int32 {
	f := fileAt(pFile)
	return cFunc[func(*libc.TLS, uintptr, int32) int32](f.m().FxShmUnmap)(tls, f.real, deleteFlag)
}

func shimFetch(tls *libc.TLS, pFile uintptr, iOfst int64, iAmt int32, pp uintptr) int32 {
	return flushed(tls, pFile, func(f *shimFile) int32 {
		if f.m().FiVersion < 3 || f.m().FxFetch == 0 {
			*(*uintptr)(at(pp)) = 0
			return lib.SQLITE_OK
		}
		return cFunc[func(*libc.TLS, uintptr, int64, int32, uintptr) int32](f.m().FxFetch)(tls, f.real, iOfst, iAmt, pp)
	})
}

func shimUnfetch(tls *libc.TLS, pFile uintptr, iOfst int64, p uintptr) int32 {
	f := fileAt(pFile)
	if f.m().FiVersion < 3 || f.m().FxUnfetch == 0 {
		return lib.SQLITE_OK
	}
	return cFunc[func(*libc.TLS, uintptr, int64, uintptr) int32](f.m().FxUnfetch)(tls, f.real, iOfst, p)
}
