// s3rver ships no types; the part the S3 driver and multi-instance tests use.
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** S3 event notifications (s3rver is a Koa app): one per object created, copied or deleted. */
    on(event: 'event', listener: (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => void): this;
  }
}
