//! Long calls that Ctrl-C ends: the work runs on a worker thread with the interpreter
//! released, while the calling thread wakes every [`POLL`] to let the interpreter run its
//! signal handlers. When one raises (`KeyboardInterrupt` for SIGINT), the work's stop flag
//! is set, the work (which looks at the flag at a bounded interval, its own threads too)
//! ends, and the exception is raised from the call.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the calling thread looks for a signal.
const POLL: Duration = Duration::from_millis(20);

/// Runs `work(&stop)` with the interpreter released and returns what it returns, or the
/// exception a signal handler raised meanwhile (after setting `stop` and waiting for `work`
/// to end). `work` must look at `stop` often. If the system refuses the thread, raises
/// `RuntimeError` without running `work`.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<T> {
    let stop = AtomicBool::new(false);
    let stop = &stop;
    py.detach(|| {
        thread::scope(|s| {
            let (done, finished) = mpsc::channel::<()>();
            let handle = thread::Builder::new()
                .spawn_scoped(s, move || {
                    let out = work(stop);
                    let _ = done.send(());
                    out
                })
                .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
            let mut raised = None;
            // Until the worker says it is done (or, if it panicked, its sender is dropped).
            while let Err(mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(POLL) {
                if raised.is_none() {
                    if let Err(e) = Python::attach(|py| py.check_signals()) {
                        stop.store(true, Ordering::Relaxed);
                        raised = Some(e);
                    }
                }
            }
            let out = match handle.join() {
                Ok(out) => out,
                Err(panic) => std::panic::resume_unwind(panic),
            };
            match raised {
                Some(e) => Err(e),
                None => Ok(out),
            }
        })
    })
}
