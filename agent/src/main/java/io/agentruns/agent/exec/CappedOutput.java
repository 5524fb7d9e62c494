package io.agentruns.agent.exec;

/**
 * Collects a command's output keeping the first and the last part within a cap, so that a noisy
 * command cannot exhaust memory or flood the transcript, while the end (where errors are) survives.
 */
final class CappedOutput {
    private final int headCap;
    private final int tailCap;
    private final StringBuilder head = new StringBuilder();
    private final StringBuilder tail = new StringBuilder();
    private long dropped;

    CappedOutput(int cap) {
        this.headCap = Math.max(1, cap - cap / 4);
        this.tailCap = Math.max(1, cap / 4);
    }

    synchronized void append(char[] buf, int len) {
        int i = 0;
        if (head.length() < headCap) {
            int n = Math.min(len, headCap - head.length());
            head.append(buf, 0, n);
            i = n;
        }
        if (i < len) {
            tail.append(buf, i, len - i);
            if (tail.length() > 2 * tailCap) {
                int cut = tail.length() - tailCap;
                dropped += cut;
                tail.delete(0, cut);
            }
        }
    }

    synchronized boolean truncated() {
        return dropped > 0 || tail.length() > tailCap;
    }

    synchronized String text() {
        if (tail.length() > tailCap) {
            int cut = tail.length() - tailCap;
            dropped += cut;
            tail.delete(0, cut);
        }
        if (dropped == 0) {
            return head.toString() + tail;
        }
        return head + "\n... [" + dropped + " characters of output omitted] ...\n" + tail;
    }
}
