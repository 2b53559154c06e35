import {
  configureRequestOptions,
  configureRequestUrl,
  type DownloadOptions,
  HttpExecutor,
} from 'builder-util-runtime';
import { type ClientRequest, request, type RequestOptions } from 'node:http';
import type { URL } from 'node:url';

/**
 * electron-updater's ElectronHttpExecutor with Node's http in place of Electron's net module (the
 * one part Electron owns): the same requests, redirects, checksum checks and temp-file handling,
 * all from builder-util-runtime. Plain http only: the test feeds listen on 127.0.0.1.
 */
export class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: unknown) => void): ClientRequest {
    return request(options, callback);
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error ? reject(error) : resolve(destination)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}
