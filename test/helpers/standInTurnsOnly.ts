// The process tier's capture tests run a stand-in `openclaw`: their turns are
// theirs alone, never served from a capture store a runner or a shell set
// (TSI_CAPTURE_STORE), and never counted as real OpenClaw turns in a ledger
// (TSI_CHECK_LEDGER). Tests of the store pass both in `env` themselves.
process.env.TSI_CAPTURE_STORE = '';
delete process.env.TSI_CHECK_LEDGER;
