/**
 * Which replica is waiting on a paused server: with the server stopped (SIGSTOP), a request sent to it sits
 * unread in its socket's receive queue. /proc/net/tcp names the client's port of every such connection,
 * and /proc/<pid>/fd which process owns that client socket. Used to find the replica that holds a payment
 * claim while Magento is paused mid-placement, when the claim itself does not name its holder.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { groupMembers } from './proc.ts';

interface TcpEntry {
  readonly localPort: number;
  readonly remotePort: number;
  readonly state: string;
  readonly rxQueue: number;
  readonly inode: string;
}

function tcpTable(): TcpEntry[] {
  const entries: TcpEntry[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      const port = (address: string | undefined) => parseInt(address?.split(':').pop() ?? '', 16);
      entries.push({
        localPort: port(fields[1]),
        remotePort: port(fields[2]),
        state: fields[3] ?? '',
        rxQueue: parseInt(fields[4]?.split(':')[1] ?? '0', 16),
        inode: fields[9] ?? '',
      });
    }
  }
  return entries;
}

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match?.[1]) inodes.add(match[1]);
    } catch {
      // Closed while we looked.
    }
  }
  return inodes;
}

/** The process groups (by their leader's pid) with a request unread by the server on `serverPort`. */
export function waitingOn(serverPort: number, groups: readonly number[]): number[] {
  const table = tcpTable();
  const ESTABLISHED = '01';
  const clientPorts = new Set(
    table
      .filter((e) => e.localPort === serverPort && e.state === ESTABLISHED && e.rxQueue > 0)
      .map((e) => e.remotePort),
  );
  const clientInodes = new Set(
    table.filter((e) => e.remotePort === serverPort && clientPorts.has(e.localPort)).map((e) => e.inode),
  );
  return groups.filter((group) =>
    groupMembers(group).some(({ pid }) => [...socketInodes(pid)].some((inode) => clientInodes.has(inode))),
  );
}
