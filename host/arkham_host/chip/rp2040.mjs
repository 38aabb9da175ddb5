// The emulated chip of `arkham-table sim --chip rp2040`: a MicroPython Pico firmware image on
// rp2040js (an instruction-level RP2040), with its outside bridged to the host process
// (host/arkham_host/chip/chipsim.py) that owns the pty, the world socket and the MPR121 models.
//
//   node rp2040.mjs --bootrom FILE --flash FILE --firmware FILE.bin|.uf2 [--led-pin N]
//                   [--led-count N] [--realtime] [--i2c-fds W,R]
//
// stdin/stdout carry frames: [type u8][length u32 LE][payload].
//   host -> chip:  'S' bytes for the USB serial port;  'J' a JSON command {"do": ...}
//   chip -> host:  'S' chip time (ms, u32 LE) + bytes the USB serial port sent;
//                  'L' chip time (ms, u32 LE) the frame ended + one WS2812 frame (wire bytes);
//                  'J' a JSON event {"ev": "usb" | "reset" | "fed" | "status" | "stack" | "fault"
//                  | "bye"} ("fed": host bytes ending a line are all inside the chip now)
// The main C stack (SCRATCH_X + SCRATCH_Y, 0x20040000..0x20042000: MicroPython's __StackBottom
// and __StackTop) is painted with STACK_PAINT at every power-up, before the boot ROM runs;
// {"do":"stack"} answers {"ev":"stack","ms","max","max_ever","size":7936,"region":8192,"sp"}:
// the deepest use in bytes since the paint (the top minus the lowest word no longer the paint),
// the same over every power-up, MicroPython's limit (mem_info's "out of": 256 B short of the
// region, for C code past its check), the region (a max of 8192: it ran into the heap below).
// {"do":"stack","repaint":true} then paints again below the chip's SP (free between
// instructions), so the next answer's max is the deepest use from now on.
// I2C goes over a second, synchronous pipe pair (fds W,R) so a register read is answered
// before the chip executes its next instruction (the chip's time does not move meanwhile):
//   request  8 bytes [op, bus, a, b, sim ms u32 LE];  op 1 start(a=repeated) 2 connect(a=addr,
//   b=mode) 3 write(a=byte) 4 read(a=ack) 5 stop. Connect and read get one reply byte (ack
//   1/0, the byte read); the others are batched and sent with the next request that needs one.
// The flash file is the chip's 2 MB flash: loaded at power-up, every erase and program written
// through at once, so killing this process is a power cut and restarting it a power cycle.

import { closeSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { GPIOPinState, LogLevel, ConsoleLogger, Simulator, USBCDC } from 'rp2040js';

const FLASH_BYTES = 2 * 1024 * 1024;
const CDC_FIFO = 512; // rp2040js drops serial input pushed while its FIFO is full
const BIT_ONE_NS = 580; // WS2812: a 0 bit is ~368 ns high, a 1 bit ~800 ns
const LATCH_NS = 50000; // WS2812 reset: the line held low this long ends a frame
const SLICE_NS = 1000000; // run the chip in 1 ms slices of its own time between host I/O
const I2C_TX_EMPTY = 1 << 4; // IC_RAW_INTR_STAT.TX_EMPTY
const SRAM_BASE = 0x20000000;
const STACK_BOTTOM = 0x20040000; // the main stack: SCRATCH_X and SCRATCH_Y (8 KB), growing down
const STACK_TOP = 0x20042000; // from the end of SCRATCH_Y (the boot ROM's and the firmware's SP)
const STACK_LIMIT = 7936; // what MicroPython may use of it (mem_info's "out of"; 256 B margin)
const STACK_PAINT = 0x5ac4f00d; // the word painted (a stack word equal to it by chance: 2^-32)

function parseArgs(argv) {
  const got = { ledPin: -1, ledCount: 0, realtime: false, i2cFds: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--realtime') got.realtime = true;
    else if (a === '--bootrom') got.bootrom = argv[++i];
    else if (a === '--flash') got.flash = argv[++i];
    else if (a === '--firmware') got.firmware = argv[++i];
    else if (a === '--led-pin') got.ledPin = Number(argv[++i]);
    else if (a === '--led-count') got.ledCount = Number(argv[++i]);
    else if (a === '--i2c-fds') got.i2cFds = argv[++i].split(',').map(Number);
    else fail(`unknown argument ${a}`);
  }
  for (const k of ['bootrom', 'flash', 'firmware']) if (!got[k]) fail(`--${k} is required`);
  return got;
}

function fail(msg) {
  process.stderr.write(`rp2040.mjs: ${msg}\n`);
  process.exit(2);
}

// ---- host frames ----------------------------------------------------------------------------
function send(type, payload) {
  const head = Buffer.alloc(5);
  head[0] = type.charCodeAt(0);
  head.writeUInt32LE(payload.length, 1);
  process.stdout.write(Buffer.concat([head, Buffer.from(payload)]));
}
const event = (obj) => send('J', Buffer.from(JSON.stringify(obj)));

// ---- firmware image -------------------------------------------------------------------------
/** The firmware as (offset, bytes) pieces: a raw .bin from 0x10000000, or a UF2's blocks. */
export function firmwarePieces(data) {
  const pieces = [];
  const isUf2 = data.length >= 512 && data.readUInt32LE(0) === 0x0a324655;
  if (isUf2) {
    for (let at = 0; at + 512 <= data.length; at += 512) {
      const magic0 = data.readUInt32LE(at);
      const magic1 = data.readUInt32LE(at + 4);
      const end = data.readUInt32LE(at + 508);
      if (magic0 !== 0x0a324655 || magic1 !== 0x9e5d5157 || end !== 0x0ab16f30) {
        throw new Error(`UF2 block ${at / 512} is damaged`);
      }
      const flags = data.readUInt32LE(at + 8);
      const family = data.readUInt32LE(at + 28);
      if (flags & 0x2000 && family !== 0xe48bff56) {
        throw new Error(`UF2 family 0x${family.toString(16)} is not the RP2040's (0xe48bff56)`);
      }
      const addr = data.readUInt32LE(at + 12);
      const size = data.readUInt32LE(at + 16);
      if (addr < 0x10000000 || addr + size > 0x10000000 + FLASH_BYTES || size > 476) {
        throw new Error(`UF2 block ${at / 512} targets 0x${addr.toString(16)}, not the flash`);
      }
      pieces.push([addr - 0x10000000, data.subarray(at + 32, at + 32 + size)]);
    }
  } else {
    if (data.length < 256 || data.length > FLASH_BYTES) {
      throw new Error(`${data.length} bytes is not a Pico flash image`);
    }
    pieces.push([0, data]);
  }
  return pieces;
}

// ---- the chip -------------------------------------------------------------------------------
class Chip {
  constructor(opts) {
    this.opts = opts;
    this.bootrom = new Uint32Array(new Uint8Array(readFileSync(opts.bootrom)).buffer);
    this.flashFd = openSync(opts.flash, 'r+');
    this.flashImage = Buffer.alloc(FLASH_BYTES, 0xff);
    readSync(this.flashFd, this.flashImage, 0, FLASH_BYTES, 0);
    for (const [off, bytes] of firmwarePieces(readFileSync(opts.firmware))) {
      // like flashing a UF2: only the firmware's own sectors change, the filesystem stays
      bytes.copy(this.flashImage, off);
      writeSync(this.flashFd, bytes, 0, bytes.length, off);
    }
    this.serialOut = []; // bytes the chip sent, passed on once per slice
    this.serialIn = []; // Buffers waiting for room in the CDC FIFO
    this.serialInHead = 0;
    this.i2cPending = [];
    this.stopped = false;
    this.wallStart = process.hrtime.bigint();
    this.simStartNs = 0;
    this.resets = 0;
    this.stackEver = 0; // the deepest stack use of earlier paints (power-ups, repaints)
    this.powerUp('power-on');
  }

  powerUp(why) {
    if (this.mcu) this.stackEver = Math.max(this.stackEver, this.stackMax());
    const sim = new Simulator();
    const mcu = sim.rp2040;
    mcu.logger = new ConsoleLogger(LogLevel.Error);
    mcu.loadBootrom(this.bootrom); // (this erases rp2040js's flash: load the flash after it)
    this.patchFlashRoutines(mcu);
    mcu.flash.set(this.flashImage.subarray(0, FLASH_BYTES), 0);
    this.flashImage = Buffer.from(mcu.flash.buffer, 0, FLASH_BYTES); // one copy, shared
    mcu.core.PC = 0x10000000; // enter boot2 as the boot ROM would
    this.paintStack(mcu, STACK_TOP); // (SRAM is not cleared by boot2 nor crt0 there)
    const watchdog = mcu.peripherals[0x40058];
    watchdog.onWatchdogTrigger = () => this.reboot('watchdog');
    if (this.sim) this.simStartNs += this.sim.clock.nanos; // chip time keeps counting across resets
    this.sim = sim;
    this.mcu = mcu;
    this.usbReady = false;
    const cdc = new USBCDC(mcu.usbCtrl);
    cdc.onDeviceConnected = () => {
      this.usbReady = true;
      event({ ev: 'usb', ms: this.ms() });
    };
    cdc.onSerialData = (data) => this.serialOut.push(Buffer.from(data));
    this.cdc = cdc;
    this.hookI2C(mcu);
    this.hookLeds(mcu);
    event({ ev: 'reset', why, ms: this.ms() });
  }

  // ---- the main C stack: painted, and the paint read on request --------------------------------
  paintStack(mcu, below) {
    const view = mcu.sramView;
    for (let a = STACK_BOTTOM; a < below; a += 4) view.setUint32(a - SRAM_BASE, STACK_PAINT, true);
  }

  /** Bytes of the stack used since the last paint: its top minus the lowest word changed. */
  stackMax() {
    const view = this.mcu.sramView;
    for (let a = STACK_BOTTOM; a < STACK_TOP; a += 4) {
      if (view.getUint32(a - SRAM_BASE, true) !== STACK_PAINT) return STACK_TOP - a;
    }
    return 0;
  }

  stackReport(repaint) {
    const max = this.stackMax();
    const sp = this.mcu.core.SP >>> 0;
    const out = { ev: 'stack', ms: this.ms(), max, max_ever: Math.max(this.stackEver, max) };
    Object.assign(out, { size: STACK_LIMIT, region: STACK_TOP - STACK_BOTTOM, sp });
    if (repaint) {
      this.stackEver = out.max_ever;
      // only below SP: the words above it are live frames; an interrupt taken later pushes
      // below SP, so it shows in the next figure as it would on the chip
      if (sp > STACK_BOTTOM && sp <= STACK_TOP) this.paintStack(this.mcu, sp);
      out.repainted = true;
    }
    event(out);
  }

  ms() {
    return Math.floor((this.simStartNs + (this.sim ? this.sim.clock.nanos : 0)) / 1e6);
  }

  reboot(why) {
    this.resets++;
    this.pendingReset = why; // done between slices, not inside a register write
  }

  // rp2040js models no flash erase/program: the firmware reaches them through the boot ROM's
  // function table, so those two entries become BKPT instructions answered here.
  patchFlashRoutines(mcu) {
    const rom = mcu.bootrom;
    const half = (addr) => (rom[addr >> 2] >>> ((addr & 2) * 8)) & 0xffff;
    const setHalf = (addr, v) => {
      const w = rom[addr >> 2];
      rom[addr >> 2] = addr & 2 ? (w & 0xffff) | (v << 16) : (w & 0xffff0000) | v;
    };
    const found = {};
    for (let p = half(0x14); half(p) !== 0; p += 4) found[half(p)] = half(p + 2);
    const erase = found[0x4552]; // 'RE' flash_range_erase(offset, count, block_size, cmd)
    const program = found[0x5052]; // 'RP' flash_range_program(offset, data, count)
    if (!erase || !program) throw new Error('the boot ROM has no flash routines');
    setHalf(erase & ~1, 0xbe01);
    setHalf(program & ~1, 0xbe02);
    mcu.onBreak = (n) => {
      const r = mcu.core.registers;
      if (n === 1) {
        const [off, count] = [r[0] >>> 0, r[1] >>> 0];
        if (off + count <= FLASH_BYTES) {
          mcu.flash.fill(0xff, off, off + count);
          writeSync(this.flashFd, mcu.flash, off, count, off);
        }
      } else if (n === 2) {
        const [off, src, count] = [r[0] >>> 0, r[1] >>> 0, r[2] >>> 0];
        if (off + count <= FLASH_BYTES) {
          for (let i = 0; i < count; i++) mcu.flash[off + i] &= mcu.readUint8(src + i);
          writeSync(this.flashFd, mcu.flash, off, count, off);
        }
      } else {
        event({ ev: 'fault', why: `breakpoint ${n}`, pc: mcu.core.PC >>> 0, ms: this.ms() });
        this.halted = true;
        return;
      }
      mcu.core.PC = mcu.core.LR & ~1; // return to the caller
    };
  }

  // ---- I2C: every bus event goes to the host's register models --------------------------------
  hookI2C(mcu) {
    if (!this.opts.i2cFds) return; // an empty bus: rp2040js's defaults NACK every address
    const [wfd, rfd] = this.opts.i2cFds;
    const reply = Buffer.alloc(1);
    const ask = (op, bus, a, b) => {
      this.i2cPending.push(this.i2cRequest(op, bus, a, b));
      writeSync(wfd, Buffer.concat(this.i2cPending));
      this.i2cPending = [];
      for (;;) {
        try {
          if (readSync(rfd, reply, 0, 1, null) === 1) return reply[0];
          throw new Error('the host closed the I2C bridge');
        } catch (e) {
          if (e.code !== 'EAGAIN') throw e; // (a non-blocking pipe: try again)
        }
      }
    };
    const tell = (op, bus, a, b) => this.i2cPending.push(this.i2cRequest(op, bus, a, b));
    mcu.i2c.forEach((i2c, bus) => {
      i2c.onStart = (repeated) => {
        tell(1, bus, repeated ? 1 : 0, 0);
        i2c.completeStart();
      };
      i2c.onConnect = (addr, mode) => {
        const ack = ask(2, bus, addr, mode) === 1;
        i2c.completeConnect(ack);
        // On the chip TX_EMPTY is a level: the FIFO the NACK's abort flushed is empty. rp2040js
        // sets it only when a command leaves the FIFO, so without this the pico-sdk waits for it
        // until its timeout (ETIMEDOUT instead of EIO) and the stale abort then fails the next
        // transfer to a chip that does answer.
        if (!ack) i2c.setInterrupts(I2C_TX_EMPTY);
      };
      i2c.onWriteByte = (value) => {
        tell(3, bus, value, 0);
        i2c.completeWrite(true);
      };
      i2c.onReadByte = (ack) => i2c.completeRead(ask(4, bus, ack ? 1 : 0, 0));
      i2c.onStop = () => {
        tell(5, bus, 0, 0);
        i2c.completeStop();
      };
    });
  }

  i2cRequest(op, bus, a, b) {
    const m = Buffer.alloc(8);
    m[0] = op;
    m[1] = bus;
    m[2] = a & 0xff;
    m[3] = b & 0xff;
    m.writeUInt32LE(this.ms() >>> 0, 4);
    return m;
  }

  // ---- WS2812: the LED pin's pulses timed in chip time, decoded to bytes ----------------------
  hookLeds(mcu) {
    const pin = this.opts.ledPin;
    this.ledBits = [];
    if (pin < 0) return;
    let rise = -1;
    this.ledLastEdge = 0;
    mcu.gpio[pin].addListener((state) => {
      const now = this.sim.clock.nanos;
      if (state === GPIOPinState.High) {
        if (this.ledBits.length && now - this.ledLastEdge > LATCH_NS) this.flushLeds();
        if (!this.ledBits.length) this.flushSerial(); // what was printed before the frame first
        rise = now;
      } else if (state === GPIOPinState.Low && rise >= 0) {
        this.ledBits.push(now - rise > BIT_ONE_NS ? 1 : 0);
        rise = -1;
        this.ledLastEdge = now;
        if (this.ledBits.length === 24 * this.opts.ledCount) this.flushLeds(); // a whole strip
      }
    });
  }

  flushSerial() {
    if (this.serialOut.length) {
      const ms = Buffer.alloc(4);
      ms.writeUInt32LE(this.ms() >>> 0, 0);
      send('S', Buffer.concat([ms, ...this.serialOut]));
    }
    this.serialOut = [];
  }

  flushLeds() {
    const bits = this.ledBits;
    const n = bits.length >> 3;
    const frame = Buffer.alloc(n);
    for (let i = 0; i < n; i++) {
      let v = 0;
      for (let b = 0; b < 8; b++) v = (v << 1) | bits[i * 8 + b];
      frame[i] = v;
    }
    this.ledBits = [];
    if (n) {
      const ms = Buffer.alloc(4);
      ms.writeUInt32LE(this.ms() >>> 0, 0);
      send('L', Buffer.concat([ms, frame]));
    }
  }

  // ---- the run loop ---------------------------------------------------------------------------
  feedSerial() {
    const fifo = this.cdc.txFIFO;
    if (!this.usbReady) return;
    while (this.serialIn.length && fifo.itemCount < CDC_FIFO) {
      const buf = this.serialIn[0];
      while (this.serialInHead < buf.length && fifo.itemCount < CDC_FIFO) {
        this.cdc.sendSerialByte(buf[this.serialInHead++]);
      }
      if (this.serialInHead >= buf.length) {
        this.serialIn.shift();
        this.serialInHead = 0;
        if (buf.includes(10)) event({ ev: 'fed', ms: this.ms() }); // a whole line is in the chip
      }
    }
  }

  runSlice() {
    const { sim } = this;
    const { clock } = sim;
    const core = this.mcu.core;
    const end = clock.nanos + SLICE_NS;
    const cycleNanos = 8; // 125 MHz
    while (clock.nanos < end && !this.halted && !this.pendingReset) {
      if (core.waiting) {
        const next = clock.nanosToNextAlarm;
        clock.tick(next > 0 ? Math.min(next, end - clock.nanos) : end - clock.nanos);
      } else {
        clock.tick(core.executeInstruction() * cycleNanos);
      }
    }
    if (this.ledBits.length && clock.nanos - this.ledLastEdge > LATCH_NS) this.flushLeds();
    this.flushSerial();
  }

  loop() {
    if (this.stopped) return;
    try {
      const t0 = Date.now();
      while (Date.now() - t0 < 20 && !this.halted && !this.pendingReset) {
        this.feedSerial();
        this.runSlice();
        if (this.opts.realtime && this.aheadMs() > 0) break;
      }
    } catch (e) {
      this.flushSerial();
      event({ ev: 'fault', why: String(e && e.stack ? e.stack : e), ms: this.ms() });
      this.halted = true;
    }
    if (this.pendingReset) {
      const why = this.pendingReset;
      this.pendingReset = null;
      this.flushSerial();
      this.powerUp(why);
    }
    if (this.halted) return; // the host reports it and ends us
    const ahead = this.opts.realtime ? this.aheadMs() : 0;
    if (ahead > 0) setTimeout(() => this.loop(), Math.min(ahead, 50));
    else setImmediate(() => this.loop());
  }

  /** How far chip time runs ahead of the wall clock (ms), with --realtime. */
  aheadMs() {
    const wallMs = Number((process.hrtime.bigint() - this.wallStart) / 1000000n);
    return this.ms() - wallMs;
  }

  command(cmd) {
    if (cmd.do === 'quit') {
      if (this.stopped) return;
      this.stopped = true;
      event({ ev: 'bye', ms: this.ms() });
      closeSync(this.flashFd);
      process.stdout.end(() => process.exit(0));
    } else if (cmd.do === 'status') {
      const wallMs = Number((process.hrtime.bigint() - this.wallStart) / 1000000n);
      event({ ev: 'status', ms: this.ms(), wall_ms: wallMs, resets: this.resets, usb: this.usbReady });
    } else if (cmd.do === 'reset') {
      this.reboot('reset');
    } else if (cmd.do === 'stack') {
      this.stackReport(!!cmd.repaint);
    }
  }
}

// ---- frames from the host -------------------------------------------------------------------
function readFrames(onFrame) {
  let pending = Buffer.alloc(0);
  process.stdin.on('data', (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= 5) {
      const n = pending.readUInt32LE(1);
      if (pending.length < 5 + n) break;
      onFrame(String.fromCharCode(pending[0]), pending.subarray(5, 5 + n));
      pending = pending.subarray(5 + n);
    }
  });
  process.stdin.on('end', () => onFrame('J', Buffer.from('{"do":"quit"}')));
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  process.stdout.on('error', () => process.exit(0)); // the host is gone: so is the chip
  let chip;
  try {
    chip = new Chip(opts);
  } catch (e) {
    fail(e.message);
  }
  readFrames((type, payload) => {
    if (type === 'S') chip.serialIn.push(Buffer.from(payload));
    else if (type === 'J') chip.command(JSON.parse(payload.toString()));
  });
  chip.loop();
}

if (import.meta.url === `file://${process.argv[1]}`) main();
